"""Baker's Dozen's hint (CM-7, CM-20): every card is face up, so the hint is the next move of a
winning line (found once: the next hints, the verdict and the demo share it); a card goes home
first when no card left could need it. A rule of thumb while no line is found: a card home, then a
move that shows a lower card, then any build."""

from __future__ import annotations

from typing import Any

from game.core.cards import RANK, SUIT
from game.core.i18n import tr
from game.games.bakersdozen.rules import DozenState
from game.games.bakersdozen.solver import SOLVER
from game.hints.base import Hint, no_more_moves
from game.hints.spec import HintSpec
from game.rules.base import MOVE, Move, Variant
from game.rules.foundations import home_counts
from game.rules.pile import FOUNDATION, TABLEAU
from game.solver.sampling import Place


def nothing_hidden(s: Any, seen: frozenset[object]) -> list[Place]:
    """Every card is face up from the deal (BD-1)."""
    return []


def safe(rules: Variant[Any], s: DozenState, m: Move) -> bool:
    """CM-20's rule for a game built down whatever the suit: a card home is safe when no card left
    on the table could ever need to go on it — an ace or a two always (an ace goes home rather than
    onto a two), any other card once every card one rank lower is home, in all four suits."""
    if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind != FOUNDATION:
        return False
    col = s.tableau[m.src.idx]
    if not col:
        return False
    card = col[-1]
    home = home_counts(s.foundations)
    rank = RANK[card]
    return home[SUIT[card]] == rank - 1 and (rank <= 2 or min(home) >= rank - 1)


def progress(rules: Variant[Any], s: DozenState, m: Move) -> int:
    """CM-20's ties here: 2 a card home, 1 a move that uncovers a lower card, 0 any other (an
    emptied column is no gain: nothing may be put there)."""
    if m.kind != MOVE or m.src.kind != TABLEAU:
        return 0
    if m.dst.kind == FOUNDATION:
        return 2
    col = s.tableau[m.src.idx]
    return 1 if len(col) > 1 and RANK[col[-2]] < RANK[col[-1]] else 0


def rule_of_thumb(rules: Variant[Any], s: DozenState, legal: list[Move]) -> Hint:
    moves = [m for m in legal if m.kind == MOVE]
    for m in moves:
        if m.dst.kind == FOUNDATION:
            return Hint(m, tr("This card can go to its foundation."))
    for m in moves:
        col = s.tableau[m.src.idx]
        if len(col) > 1 and RANK[col[-2]] < RANK[col[-1]]:
            return Hint(m, tr("This uncovers a lower card."))
    if moves:
        return Hint(moves[0], tr("A legal move; plan ahead, for a column once empty stays empty."))
    return no_more_moves()


# CM-20: a hint within about a second and a half of one core. The search goes some 10,000 positions
# a second; at 300,000 a hard deal's first hint took 29 s (deal 1), and a deal the search cannot win
# soon gets the rule of thumb, until the columns open up and it can.
HINTS = HintSpec(SOLVER, nothing_hidden, rule_of_thumb, safe=safe, progress=progress, budget=15_000)
