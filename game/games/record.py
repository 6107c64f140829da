"""The record of one game: everything that differs between games, in one value.

Everything outside the rules reads a game through its record — the home screen's tiles, the
dialogs, the table scene, hints, the solver's uses, new deals, the command line — so nothing
outside ``game/rules`` branches on a game's name. Strings are functions, so they are translated
when shown (in the language of that moment), never when the record is built.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.dealid import DealId
from game.core.i18n import tr
from game.core.named import resolve
from game.core.variants import OptionSpec, VariantSpec, variant_spec
from game.games import options
from game.games.guide import Controls, build_controls
from game.play.interaction import Interaction
from game.rules.base import Variant
from game.rules.pile import Pile
from game.rules.table import TableSpec
from game.speech.game_words import Seen

if TYPE_CHECKING:
    from game.hints.spec import HintSpec
    from game.solver.spec import SolverSpec

TABLE_SCENE = "game.scenes.table:TableScene"


def no_labels(state: Any) -> dict[Pile, str]:
    return {}


def no_lines(state: Any) -> list[str]:
    return []


def no_piles(state: Any) -> frozenset[Pile]:
    return frozenset()


def no_parts(state: Any, seconds: float) -> list[str]:
    return []


def plain_score(score: int) -> str:
    return tr("Score {n}", n=score)


@dataclass(frozen=True)
class Game:
    rules: Variant[Any]
    title: Callable[[], str]  # the game's name, in the player's language
    blurb: Callable[[], str]  # one line for the home tile
    stars: Callable[[Mapping[str, str]], int]  # difficulty out of 5 for these options: seed 004's count (CM-14, CM-17)
    table: Callable[[Any], TableSpec]  # the rows of piles a position is drawn in
    hints_at: str  # "module:name" of the hints' spec, and of the solver below: imported when
    solver_at: str  # first needed, so the app starts without loading any search code
    interaction: Callable[[], Interaction] = Interaction  # what taps, drops and keys mean
    heading: Callable[[Any], str] | None = None  # the status bar's title ("NAME · draw 3")
    labels: Callable[[Any], dict[Pile, str]] = no_labels  # marks on empty piles
    blocked: Callable[[Any], frozenset[Pile]] = no_piles  # piles whose cards cannot be played yet (shaded)
    status: Callable[[Any], list[str]] = no_lines  # extra status bar items (redeals left...)
    result_lines: Callable[[Any], list[str]] = no_lines  # extra lines of the win panel
    score_text: Callable[[int], str] = plain_score
    score_parts: Callable[[Any, float], list[str]] = no_parts  # the win panel's breakdown of the score
    scene: str = TABLE_SCENE  # "module:Class" of the scene, imported when first opened
    guide: Callable[[], list[tuple[str, str]]] = list  # the Rules screen's sections (CM-14)
    controls: Callable[[], Controls] = build_controls  # what each input does, said as its interaction does it
    terms: frozenset[str] = frozenset()  # glossary words naming no pile that the game uses (guide.RUN, REDEAL)
    words: Callable[[], list[tuple[str, str]]] = list  # the game's own glossary words, no other game's
    option_name: Callable[[str], str] = options.option_name  # an option's name on a dialog row
    option_value: Callable[[str, str], str] = options.option_value  # a value on a chip of its own
    option_beside: Callable[[str, str], str] = options.value_text  # a value beside its option's name
    # the name and the home tile's line for a set of options, where an option makes it another game
    # of a family (a variation with a name of its own); None: the title and the blurb above
    named: Callable[[Mapping[str, str]], str] | None = None
    described: Callable[[Mapping[str, str]], str] | None = None

    @property
    def hints(self) -> HintSpec:
        spec: HintSpec = resolve(self.hints_at)
        return spec

    @property
    def solver(self) -> SolverSpec:
        spec: SolverSpec = resolve(self.solver_at)
        return spec

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def spec(self) -> VariantSpec:
        return variant_spec(self.name)

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        return self.spec.options

    def defaults(self) -> dict[str, str]:
        return self.spec.defaults()

    def name_for(self, chosen: Mapping[str, str]) -> str:
        """The game's name with the options ``chosen``: a variation's own name ("Baker's Game")."""
        return self.named(chosen) if self.named is not None else self.title()

    def blurb_for(self, chosen: Mapping[str, str]) -> str:
        """The home tile's line for the options ``chosen``."""
        return self.described(chosen) if self.described is not None else self.blurb()

    def every_blurb(self) -> list[str]:
        """Every line the home tile may show, one an option's value (the tiles make room for the
        longest)."""
        if self.described is None:
            return [self.blurb()]
        defaults = self.defaults()
        return [self.described({**defaults, o.key: v}) for o in self.options for v in o.values]

    def option_text(self, key: str, value: str, beside_name: bool = False) -> str:
        """A value of an option: on a chip of its own ("Redeals ∞"), or ``beside_name`` of the
        option on a dialog row ("∞")."""
        return self.option_beside(key, value) if beside_name else self.option_value(key, value)

    def deal_text(self, deal: DealId) -> str:
        """A deal as the player knows it: "Deal 244 · Draw 3 · Runs: whole" (the number and every
        option in words), never the internal ID (issue 36 item 13)."""
        words = [self.option_text(key, value) for key, value in self.spec.written(deal.options)]
        return " · ".join([tr("Deal {n}", n=deal.number), *words])

    def seen(self, state: Any) -> Seen:
        """What the player sees of ``state``, as the spoken words need it (CM-19)."""
        spec = self.table(state)
        order = [p.pile for p in spec.placed]
        order += [slot.pile for row in spec.rows for slot in row if slot.pile is not None]
        score = self.rules.score(state)
        figures = [*([self.score_text(score)] if score is not None else []), *self.status(state)]
        return Seen(
            self.rules.piles(state),
            self.labels(state),
            self.blocked(state),
            [*order, *spec.side],
            self.heading_for(state),
            figures,
        )

    def heading_for(self, state: Any) -> str:
        return self.heading(state) if self.heading is not None else self.title()
