"""Spider's hint (SP-15, CM-20) and what its verdict (SP-16, CM-21) may know.

The hint never peeks. The face-down cards and the stock are dealt again among their places (the
same worlds for the same visible position) and the moves weighed over them (game/hints/weigh.py),
with the share said ("wins in 5 of 6 ways"); a deal from the stock only when no move keeps as many
worlds winnable. Spider has no move that is always right. When no line is found (early in a hard
deal, often), SP-15's order of what the player can see: turn up a card, empty a column, complete a
suit, join a loose run onto a longer run of its suit; else the first move of a short line over the
cards in sight that makes room to turn up a card or empty a column (game/hints/lookahead.py);
stacking on another suit is not progress, and when nothing else is left it says what to do next
(with the move that fills an empty column before a deal, where one does). Every card is known only once no card is face
down and the stock is dealt: only then is the position itself searched, and a loss said.
"""

from __future__ import annotations

from typing import Any

import game.games.spider.fast as spider_fast
from game.core.cards import SUIT
from game.core.i18n import tr
from game.games.spider.rules import SpiderState
from game.games.spider.solver import SOLVER
from game.hints.base import NONE, Hint, turns_up
from game.hints.lookahead import Steps, finish, path_steps
from game.hints.spec import HintSpec
from game.rules.base import DEAL_MOVE, MOVE, Move, Variant
from game.rules.piles import same_suit_run_start
from game.solver.sampling import Place, arrangements, face_down_places, unseen_places


def hidden_places(s: SpiderState, seen: frozenset[object]) -> list[Place]:
    """Every face-down card and the whole stock (no card of either was ever face up; with two decks
    a card's twin may have been, so what was seen cannot tell them apart and is not used)."""
    return face_down_places(s) + unseen_places(s, "stock")


def spider_arrangements(s: SpiderState, count: int) -> list[SpiderState]:
    return arrangements(s, hidden_places(s, frozenset()), count)


def all_known(s: SpiderState) -> bool:
    """No face-down card and no stock: the only time a verdict may be given (it never peeks)."""
    return not s.stock and not any(s.down)


def progress(rules: Variant[Any], s: SpiderState, m: Move) -> int:
    """CM-20's ties: a card turned up, a suit completed, a column emptied, a run joined onto its
    suit; stacking on another suit and a deal make no progress (SP-15)."""
    if m.kind != MOVE:
        return 0
    if turns_up(rules, s, m):
        return 5
    if len(rules.play(s, m).completed) > len(s.completed):
        return 4
    if s.down[m.src.idx] == 0 and m.size == len(s.tableau[m.src.idx]):
        return 3
    return 1 if _same_suit(s, m) else 0


def _same_suit(s: SpiderState, m: Move) -> bool:
    target = s.tableau[m.dst.idx]
    return bool(target) and SUIT[target[-1]] == SUIT[s.tableau[m.src.idx][-m.size]]


def _shows_nothing(rules: Variant[Any], s: SpiderState, m: Move) -> bool:
    """A move of the columns that turns up no card (a line looked along shows nothing hidden)."""
    return m.kind == MOVE and not turns_up(rules, s, m)


def rule_of_thumb(rules: Variant[Any], s: SpiderState, legal: list[Move]) -> Hint:
    """:func:`thumb_steps` at once."""
    return finish(thumb_steps(rules, s, legal))


def thumb_steps(rules: Variant[Any], s: SpiderState, legal: list[Move]) -> Steps[Hint]:
    """SP-15's order over what the player sees, its look ahead giving the frame back now and then."""
    moves = [m for m in legal if m.kind == MOVE]

    def whole_run(m: Move) -> bool:
        col = s.tableau[m.src.idx]
        return len(col) - m.size == same_suit_run_start(col, s.down[m.src.idx])

    up = [m for m in moves if turns_up(rules, s, m)]
    if up:
        best = min(up, key=lambda m: (not _same_suit(s, m), not s.tableau[m.dst.idx]))
        return Hint(best, tr("This turns up a face-down card."))
    empties = [
        m for m in moves if s.down[m.src.idx] == 0 and m.size == len(s.tableau[m.src.idx]) and s.tableau[m.dst.idx]
    ]
    if empties:
        return Hint(min(empties, key=lambda m: not _same_suit(s, m)), tr("This empties a column."))
    for m in moves:
        if len(rules.play(s, m).completed) > len(s.completed):
            return Hint(m, tr("This completes a suit."))
    for m in moves:
        if whole_run(m) and _same_suit(s, m):
            target = s.tableau[m.dst.idx]
            if len(target) - same_suit_run_start(target, s.down[m.dst.idx]) > m.size:
                return Hint(m, tr("This joins a run onto a longer run of its suit."))
    ahead = yield from path_steps(
        rules, s, lambda state, m: progress(rules, state, m) >= 3, lambda state, m: _shows_nothing(rules, state, m)
    )
    if ahead is not None:
        return Hint(ahead, tr("This makes room to turn up a card or empty a column a few moves on."))
    if s.stock:
        if all(s.tableau):
            return Hint(DEAL_MOVE, tr("No move makes progress: deal from the stock."))
        fills = [m for m in moves if not s.tableau[m.dst.idx] and m.size < len(s.tableau[m.src.idx])]
        fill = max(fills, key=lambda m: m.size) if fills else None  # the longest run off a column that stays
        return Hint(fill, tr("No move makes progress: fill the empty column, then deal."), NONE)
    return Hint(None, tr("No move makes progress: undo a few moves and try another way."), NONE)


NODES, BUDGET = 1_200, 5_000  # each world's positions and the positions in all, for the Python search
# Four suits where the compiled search runs them (about 40 times as fast, issue 39): each world
# searched far enough to win most arrangements of a deal's start, in a few tenths of a second in all.
# One and two suits keep the small sizes: with larger ones (15,000 and 90,000) every world was won
# in the middle of most deals, and the hints, all tied, shifted runs to and fro between columns
# (deals 1-20 with two suits, followed: 4 of 20 ran out of 400 hints, against none before)
COMPILED_SIZES = {4: (40_000, 240_000)}


def weighing_sizes(s: SpiderState) -> tuple[int, int]:
    """The sizes of a weighed hint: larger where the worlds' search is compiled and it helps."""
    if s.suits in COMPILED_SIZES and spider_fast.handles(s):
        return COMPILED_SIZES[s.suits]
    return NODES, BUDGET


HINTS = HintSpec(
    SOLVER,
    hidden_places,
    rule_of_thumb,
    progress=progress,
    nodes=NODES,
    checks=3,
    budget=BUDGET,
    proving=True,
    thinking=thumb_steps,
    sizing=weighing_sizes,
)
