"""Pyramid's hint (CM-7, CM-20), which never peeks: every pyramid card is face up, and the stock's
cards not yet seen are dealt again among their places and the pairs weighed over those worlds
(game/hints/weigh.py). A king alone is removed first: nothing pairs with it, so that is always
right. Ties go to the pair that takes the most pyramid cards. When no line is found, a rule of
thumb from the cards in sight: pyramid cards first (two at once best), then a pyramid card with the
stock or waste, then the stock."""

from __future__ import annotations

from typing import Any

from game.core.i18n import tr
from game.games.pyramid.rules import PYRAMID, PyramidState
from game.games.pyramid.solver import SOLVER as PYRAMID_SOLVER
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec
from game.rules.base import DRAW, PAIR, RECYCLE, Move, Variant
from game.rules.pile import NO_PILE
from game.solver.sampling import Place, unseen_places


def hidden_places(s: PyramidState, seen: frozenset[object]) -> list[Place]:
    """The stock's cards not seen yet (every pyramid card is face up, and the stock's top card)."""
    return unseen_places(s, "stock", seen)


def safe(rules: Variant[Any], s: PyramidState, m: Move) -> bool:
    """CM-20: a king alone, wherever it is (it pairs with nothing)."""
    return m.kind == PAIR and m.dst == NO_PILE


def in_pyramid(m: Move) -> int:
    return (m.src.kind == PYRAMID) + (m.dst.kind == PYRAMID)


def progress(rules: Variant[Any], s: PyramidState, m: Move) -> int:
    """CM-20's ties: the pyramid cards a pair takes; the stock last."""
    return 1 + in_pyramid(m) if m.kind == PAIR else 0


def rule_of_thumb(rules: Variant[Any], s: PyramidState, legal: list[Move]) -> Hint:
    pairs = [m for m in legal if m.kind == PAIR]
    if pairs:
        best = max(pairs, key=in_pyramid)
        if in_pyramid(best):
            text = tr("Remove this king.") if best.dst == NO_PILE else tr("These two add up to 13.")
            return Hint(best, text)
    for m in legal:
        if m.kind == DRAW:
            return Hint(m, tr("No pyramid card pairs: turn the stock."))
        if m.kind == RECYCLE:
            return Hint(m, tr("Turn the waste over for another pass."))
    if pairs:
        return Hint(pairs[0], tr("These two add up to 13."))
    return no_more_moves()


def king_reason() -> str:
    return tr("Remove this king.")


HINTS = HintSpec(
    PYRAMID_SOLVER,
    hidden_places,
    rule_of_thumb,
    safe=safe,
    safe_reason=king_reason,
    progress=progress,
    nodes=10_000,  # some 100,000 positions a second (tools/bench_hints.py)
    budget=45_000,
)
