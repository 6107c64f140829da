"""The new-deal dialog (KL-11: the game's options; winnable or random; how hard a winnable deal
should be) and the panel shown while a winnable deal is searched for live."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import ntr, ptr, tr
from game.deals import (
    KINDS,
    LEVELS,
    RANDOM,
    WINNABLE,
    WinnableSearch,
    deal_stars_text,
    difficulty,
    new_deal,
    proved_winnable,
    random_deal,
    rated,
)
from game.games.index import game_for
from game.scenes.panels import Panel, Row
from game.session import Session
from game.view.acts import Act, Choose

if TYPE_CHECKING:
    from game.scenes.host import SceneHost
    from game.scenes.table import TableScene


class NewDealDialog(Panel):
    """A new deal of the same game, with its options (KL-11: draw and redeals; the suits;
    a grid's redeals) and its kind: winnable (proved by the solver before it is shown; of any
    difficulty, or easy, medium or hard when its list is rated) or random."""

    def __init__(self, app: SceneHost, table: TableScene) -> None:
        super().__init__(app, table)
        self.variant = table.session.deal_id.variant
        self.options = app.settings.options_for(self.variant)
        self.kind = app.settings.kind_for(self.variant)
        self.level = app.settings.level_for(self.variant)
        self.current_stars = difficulty(table.session.deal_id)

    def title(self) -> str:
        return tr("New deal")

    def lines(self) -> list[str]:
        out = []
        if self.current_stars is not None:  # CM-17: out of 5, named apart from the game's stars
            out.append(deal_stars_text(self.current_stars))
        if self.kind == RANDOM:
            return out + [tr("A random deal: every layout can come up, winnable or not.")]
        if proved_winnable(self.variant, self.options):
            return out + [tr("A winnable deal: the solver has found a way to win it.")]
        return out + [tr("A winnable deal: the solver looks for one now (you can skip).")]

    def rows(self) -> list[Row]:
        rows: list[Row] = []
        kiosk = self.app.kiosk
        game = game_for(self.variant)
        for option in game.options:
            values = option.values if kiosk is None else kiosk.allowed_values(self.variant, option.key, option.values)
            choices: list[tuple[Act, str]] = [
                (Choose(option.key, v), game.option_text(option.key, v, beside_name=True)) for v in values
            ]
            rows.append((game.option_name(option.key), choices))  # the name once, on the row: "Redeals  ∞ 3 1"
        rows.append(
            (tr("Deal"), [(Choose("kind", "winnable"), tr("Winnable")), (Choose("kind", "random"), tr("Random"))])
        )
        if self.kind == WINNABLE and rated(self.variant, self.options):
            # TRANSLATORS: how hard a winnable deal should be: any, easy, medium, hard
            texts = [
                ptr("difficulty", "Any"),
                ptr("difficulty", "Easy"),
                ptr("difficulty", "Medium"),
                ptr("difficulty", "Hard"),
            ]
            rows.append((tr("Difficulty"), [(Choose("level", k), text) for k, text in zip(LEVELS, texts, strict=True)]))
        rows.append(("", [("deal", ptr("button", "Deal")), ("close", tr("Cancel"))]))
        return rows

    def chosen(self, action: Act) -> bool:
        if not isinstance(action, Choose):
            return False
        key, value = action.name, action.value
        if key == "kind":
            return value == self.kind
        if key == "level":
            return value == self.level
        return bool(value) and self.options.get(key) == value

    def act(self, action: Act) -> None:
        key, value = (action.name, action.value) if isinstance(action, Choose) else ("", "")
        if key == "kind" and value in KINDS:
            self.kind = value
            self.resize(self.app.window_size())
        elif key == "level":
            self.level = value
        elif value:
            self.options[key] = value
            self.resize(self.app.window_size())
        elif action == "deal":
            self.app.settings.options[self.variant] = dict(self.options)
            self.app.settings.deal_kind[self.variant] = self.kind
            self.app.settings.deal_level[self.variant] = self.level
            self.app.pop(self, quiet=True)  # the new deal says itself, the table's old game is not said
            app, table, variant, options, kind = self.app, self.table, self.variant, self.options, self.kind
            title = tr("Start a new {game}?", game=game_for(variant).name_for(options))  # a variation by its name
            # CM-16: over a game in progress, asked first with the moves it would lose
            app.replacing(table.session, title, tr("New deal"), lambda: deal_into(app, table, variant, options, kind))
        else:
            super().act(action)


def deal_into(app: SceneHost, table: TableScene, variant: str, options: dict[str, str], kind: str) -> None:
    """A new deal on this table: at once when it can be (random, or from the winnable list), else
    searched for live behind "Computing…"."""
    deal = new_deal(variant, options, kind, level=app.settings.level_for(variant))
    if deal is not None:
        table.new_deal(Session(deal, kind))
    else:
        app.push(ComputingPanel(app, table, variant, options))


class ComputingPanel(Panel):
    """Looking for a winnable deal live: random deals are solved one after the other (a slice of
    work per step, so the window never freezes) until one is proved winnable; Skip deals a random
    one instead."""

    opened_by_the_game = True

    cancel_action = "skip"

    def __init__(self, app: SceneHost, table: TableScene, variant: str, options: dict[str, str]) -> None:
        super().__init__(app, table)
        self.variant, self.options = variant, options
        self.search = WinnableSearch(game_for(variant).solver, variant, options)

    def title(self) -> str:
        return tr("Computing…")

    def lines(self) -> list[str]:
        tried = self.search.tried
        return [ntr("Looking for a winnable deal: 1 tried.", "Looking for a winnable deal: {n} tried.", tried)]

    def rows(self) -> list[Row]:
        return [("", [("skip", tr("Skip: deal a random one"))])]

    def working(self) -> bool:
        return True  # the search runs until it finds a deal or is skipped

    def update(self, dt: float) -> None:
        if self.search.advance(0.004) and self.search.found is not None:
            self.app.pop(self)
            self.table.new_deal(Session(self.search.found, WINNABLE))

    def act(self, action: Act) -> None:
        if action == "skip":
            self.search.cancel()
            self.app.pop(self)
            self.table.new_deal(Session(random_deal(self.variant, self.options), RANDOM))
        else:
            super().act(action)
