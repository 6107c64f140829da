"""The Settings panel over a table or the home screen, in sections (UI-8, UI-9, CM-15): Game
(animation, window, over a table the demo of its deal), Look (deck, table, card back), Sound (on or
off, volume), Access (reduced motion, left-handed layout) and Language. Every change shows at once —
the table or the home screen's previews under the panel are the preview — and is saved."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from game.core.i18n import LANGUAGES, language, ptr, tr
from game.core.look import BACKS, DECKS, TABLES
from game.scenes.panels import Panel, Row
from game.settings import SPEECH_CHOICES, VOLUMES
from game.view import fonts
from game.view.acts import Act, Choose
from game.view.widgets import label_room, share_row

SECTIONS = ("game", "look", "sound", "access", "language")


def section_text(section: str) -> str:
    return {
        "game": tr("Game"),
        "look": tr("Look"),
        "sound": tr("Sound"),
        "access": tr("Access"),
        "language": tr("Language"),
    }[section]


def choice_text(key: str, value: str) -> str:
    texts = {
        ("deck", "classic"): tr("Classic"),
        ("deck", "four-colour"): tr("Four colours"),
        ("deck", "large-print"): tr("Large print"),
        ("table", "green"): tr("Green"),
        ("table", "blue"): tr("Blue"),
        ("table", "dark"): tr("Dark"),
        ("back", "blue"): tr("Blue"),
        ("back", "red"): tr("Red"),
        ("back", "green"): tr("Green"),
        ("volume", "low"): tr("Low"),
        ("volume", "medium"): tr("Medium"),
        ("volume", "high"): tr("High"),
        ("speech", "auto"): tr("Auto"),  # on when a screen reader runs (CM-19)
        ("speech", "on"): tr("On"),
        ("speech", "off"): tr("Off"),
    }
    return texts.get((key, value), value)


# short forms of Settings' words, for a window too narrow for the long ones
SECTION = "section"  # the tabs' choice: which section shows

SHORT: dict[Act, Callable[[], str]] = {
    # TRANSLATORS: "Four colours" (the four-colour deck), short, for a narrow button
    Choose("deck", "four-colour"): lambda: tr("4 colours"),
}


class SettingsPanel(Panel):
    section = "game"

    def title(self) -> str:
        return tr("Settings")

    def rows(self) -> list[Row]:
        """The tabs, the section's rows, then Close — always as many rows as the tallest section
        has, so the panel keeps its size and its tabs their place from tab to tab."""
        tabs: Row = ("", [(Choose(SECTION, s), section_text(s)) for s in SECTIONS])
        shown = self.section_rows(self.section)
        room: list[Row] = [("", [])] * (max(len(self.section_rows(s)) for s in SECTIONS) - len(shown))
        return [tabs, *shown, *room, ("", [("close", tr("Close"))])]

    def section_rows(self, section: str) -> list[Row]:
        if section == "look":
            return [
                (tr("Deck"), [(Choose("deck", d), choice_text("deck", d)) for d in DECKS]),
                (tr("Table"), [(Choose("table", t), choice_text("table", t)) for t in TABLES]),
                (tr("Card back"), [(Choose("back", b), choice_text("back", b)) for b in BACKS]),
            ]
        if section == "sound":
            return [
                (tr("Sound"), [(Choose("sound", "on"), tr("On")), (Choose("sound", "off"), tr("Off"))]),
                (tr("Volume"), [(Choose("volume", v), choice_text("volume", v)) for v in VOLUMES]),
            ]
        if section == "access":
            return [
                (tr("Motion"), [(Choose("motion", "full"), tr("Full")), (Choose("motion", "reduced"), tr("Reduced"))]),
                (tr("Hand"), [(Choose("hand", "right"), tr("Right")), (Choose("hand", "left"), tr("Left"))]),
                (tr("Speech"), [(Choose("speech", c), choice_text("speech", c)) for c in SPEECH_CHOICES]),  # CM-19
            ]
        if section == "language":
            return [(tr("Language"), [(Choose("lang", code), name) for code, name in LANGUAGES.items()])]  # own names
        animation = [
            # TRANSLATORS: the animation setting's Off, beside Fast, Normal and Slow: no animation at all
            (Choose("anim", "off"), ptr("animation", "Off")),
            (Choose("anim", "fast"), tr("Fast")),
            (Choose("anim", "normal"), tr("Normal")),
            (Choose("anim", "slow"), tr("Slow")),
        ]
        return [
            (tr("Animation"), animation),
            *([] if self.app.kiosk is not None else [(tr("Window"), [("fullscreen", tr("Full screen"))])]),
            # over a table only: opened from the home screen there is no deal to watch
            *([] if self.table_scene is None else [(tr("Demo"), [("demo", tr("Watch this deal from the start"))])]),
        ]

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        for b in self.buttons:
            if b.action == "fullscreen":
                b.on = self.app.fullscreen  # a toggle: its check box says whether it is on (CM-17)
        for y in sorted({b.rect.y for b in self.buttons}):  # a narrow window: long labels get more room
            share_row([b for b in self.buttons if b.rect.y == y], fonts.SMALLEST + 1)
        for b in self.buttons:
            short = SHORT.get(b.action)
            if short is not None and not fonts.fits(b.label, label_room(b)):
                b.label = short()  # a narrow window: the short word, not an unreadable long one

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        for b in self.buttons:
            if b.action == "fullscreen":
                b.on = self.app.fullscreen  # F11 may have changed it under the panel
        super().draw(surface, alpha)

    def frame_key(self) -> object:
        return (super().frame_key(), self.app.fullscreen)

    def is_tab(self, action: Act) -> bool:
        return isinstance(action, Choose) and action.name == SECTION

    def chosen(self, action: Act) -> bool:
        s = self.app.settings
        look = s.look
        return action in (
            Choose(SECTION, self.section),
            Choose("anim", s.animation),
            Choose("lang", language()),
            Choose("deck", look.deck),
            Choose("table", look.table),
            Choose("back", look.back),
            Choose("sound", "on" if s.sound else "off"),
            Choose("volume", s.volume),
            Choose("motion", "reduced" if look.reduced_motion else "full"),
            Choose("hand", "left" if look.left_handed else "right"),
            Choose("speech", s.speech),
        )

    def act(self, action: Act) -> None:
        key, value = (action.name, action.value) if isinstance(action, Choose) else ("", "")
        s = self.app.settings
        if key == SECTION and value in SECTIONS:
            self.section = value
            self.focus = SECTIONS.index(value)
            self.resize(self.app.window_size())
        elif key == "anim":
            s.animation = value
            if self.table_scene is not None:  # a table opened later takes the speed from the settings
                self.table.set_speed(s.speed)
            s.save(self.app.store)
        elif key in ("deck", "table", "back", "motion", "hand"):
            look = s.look
            if key == "motion":
                look = dataclasses.replace(look, reduced_motion=value == "reduced")
            elif key == "hand":
                look = dataclasses.replace(look, left_handed=value == "left")
            elif key == "deck":
                look = dataclasses.replace(look, deck=value)
            elif key == "table":
                look = dataclasses.replace(look, table=value)
            else:
                look = dataclasses.replace(look, back=value)
            s.look = look.checked()
            s.save(self.app.store)
            self.app.apply_look()  # every scene laid out and drawn again in the new look
        elif key in ("sound", "volume"):
            if key == "sound":
                s.sound = value == "on"
            elif value in VOLUMES:
                s.volume = value
            s.save(self.app.store)
            self.app.sound.set_volume(s.loudness)
            self.app.sound.play("place")  # what it sounds like now
        elif key == "lang":
            s.language = value
            s.save(self.app.store)
            self.app.language_override = None  # the player's choice now wins over --lang for this run
            self.app.apply_language()  # every scene, this panel too, laid out again in the new language
        elif key == "speech" and value in SPEECH_CHOICES:
            s.speech = value
            s.save(self.app.store)
            self.app.speech_override = None  # the player's choice now wins over --speech for this run
            self.app.open_speech()
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
