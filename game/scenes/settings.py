"""The Settings panel over a table: animation, language (CM-15), full screen, the demo of this deal."""

from __future__ import annotations

from game.core.i18n import LANGUAGES, language, tr
from game.scenes.panels import Panel, Row


class SettingsPanel(Panel):
    def title(self) -> str:
        return tr("Settings")

    def rows(self) -> list[Row]:
        return [
            (
                tr("Animation"),
                [
                    ("anim=off", tr("Off")),
                    ("anim=fast", tr("Fast")),
                    ("anim=normal", tr("Normal")),
                    ("anim=slow", tr("Slow")),
                ],
            ),
            (tr("Language"), [(f"lang={code}", name) for code, name in LANGUAGES.items()]),  # each in its own name
            *([] if self.app.kiosk is not None else [(tr("Window"), [("fullscreen", self._window_label())])]),
            (tr("Demo"), [("demo", tr("Watch this deal from the start"))]),
            ("", [("close", tr("Close"))]),
        ]

    def _window_label(self) -> str:
        return tr("Full screen") if not self.app.fullscreen else tr("Window")

    def chosen(self, action: str) -> bool:
        return action in (f"anim={self.app.settings.animation}", f"lang={language()}")

    def act(self, action: str) -> None:
        if action.startswith("anim="):
            self.app.settings.animation = action.partition("=")[2]
            self.table.set_speed(self.app.settings.speed)
            self.app.settings.save(self.app.store)
        elif action.startswith("lang="):
            self.app.settings.language = action.partition("=")[2]
            self.app.settings.save(self.app.store)
            self.app.language_override = None  # the player's choice now wins over --lang for this run
            self.app.apply_language()  # every scene, this panel too, laid out again in the new language
        elif action == "fullscreen":
            self.app.toggle_fullscreen()
        elif action == "demo":
            from game.play.demo import Show

            table = self.table
            deal = table.session.deal_id
            table.table.save()
            self.app.store.flush()
            self.app.open_demo([Show(deal.variant, dict(deal.options), deal)])
        else:
            super().act(action)
