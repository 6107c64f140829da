"""What a hint weighs (CM-20): *plans*, each a short sequence of moves — a move of the table alone,
or turns of the stock that bring a known card up and then that card's move.

Turning the stock is never worth anything by itself once the cards it turns are known: it can be
undone by turning on round, so in every world it keeps whatever the position keeps, and weighed as
a move it would always keep the most — a hint that says "turn the stock" for ever while the player
waits to be told what to play. So a turn that shows only cards the player has seen is weighed by
what it leads to: each card it brings up within a round, with the move that card can make then. A
turn that shows a card never seen is weighed as itself: it tells the player something, and the
worlds disagree on what.

A winning line in a world counts for a plan when the plan can be played first and the line still
wins (:func:`supports`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from game.rules.base import DEAL, REDEAL, Move, Variant
from game.rules.pile import Role, kind_of, role_of
from game.solver.sampling import TRIVIAL, TURNS

Plan = tuple[Move, ...]
WITHIN = 40  # how far into a winning line a plan may begin and still count as one it could start with
TALON = frozenset({Role.WASTE, Role.STOCK})  # a move that uses the card the turns brought up takes from or to these
REVISITS = 1  # how often a stock turn may pass a position already had on the way to a plan's move


SAME_ROLE = (Role.FOUNDATION, Role.TABLEAU)  # piles that every rule treats alike: their order is no matter


def position(rules: Variant[Any], state: Any) -> Hashable:
    """What the player sees of a position (the score aside): each pile's face-down count and its
    face-up cards — the foundations and the columns each as a set, since which slot holds a suit,
    or which column a run lies in, changes nothing: a card brought down and sent home to another
    slot, or a king's run moved from one empty column to another, is no new position. Piles of one
    role but another kind, or of another row of a kind laid in rows (three rows of building piles,
    each row building its own ranks), are told apart: a card moved between them is a new position."""
    alike: dict[tuple[Role, str, int], list[tuple[int, tuple[int, ...]]]] = {}
    rest = []
    for pile, (cards, down) in rules.piles(state).items():
        kind = kind_of(pile)
        if kind.role in SAME_ROLE:
            row = kind.row_place(pile.idx)[0] if kind.rows else 0
            alike.setdefault((kind.role, kind.name, row), []).append((down, tuple(cards[down:])))
        else:
            rest.append((pile, down, tuple(cards[down:])))
    return (*((group, tuple(sorted(alike[group]))) for group in sorted(alike)), tuple(rest))


def stock_plans(rules: Variant[Any], state: Any, seen: frozenset[object], visits: Counter[Hashable]) -> list[Plan]:
    """The plans that begin by turning the stock, going round at most once: for each turn that
    shows only known cards, the moves of the card it brings up (each after those turns);
    where a turn shows a card never seen, that run of turns itself, and no further. Each ends on a
    position not had before, and passes those had before at most ``REVISITS`` times (``visits``
    counts the line's positions by ``position``): so hints taken one after another cannot turn the
    stock round and round."""
    plans: list[Plan] = []
    turns: list[Move] = []
    passed = {position(rules, state)}  # the positions the turns have passed: round once at most
    s = state
    while True:
        stock = [m for m in rules.legal_moves(s) if m.kind in TURNS]
        if not stock:
            return plans
        turn = stock[0]
        s = rules.play(s, turn)
        turns.append(turn)
        where = position(rules, s)
        if where in passed or visits[where] > REVISITS:
            return plans
        passed.add(where)
        if not rules.seen(s) <= seen:  # it shows a card never seen: weighed as itself
            if not visits[where]:
                plans.append(tuple(turns))
            return plans
        for m in rules.legal_moves(s):
            if m.kind not in TURNS and {role_of(m.src), role_of(m.dst)} & TALON:
                after = position(rules, rules.play(s, m))
                if not visits[after]:
                    plans.append((*turns, m))


def supports(
    rules: Variant[Any], world: Any, line: Sequence[Move], plans: Sequence[Plan]
) -> list[tuple[Plan, tuple[Move, ...]]]:
    """The plans a winning line from ``world`` shows can be played first and still win, each with
    the line that wins after it: a plan the line begins with; and a plan that begins later (within
    its first ``WITHIN`` moves; not with a stock turn, and not after a deal or a redeal, which
    change every pile), touches no pile a move before it touches, and played first leaves the cards
    where the line would have them once it is played (checked through the rules: a game's side
    effects, as a reserve filling an emptied column, are caught)."""
    out: list[tuple[Plan, tuple[Move, ...]]] = []
    wanted: dict[Move, list[Plan]] = {}
    for plan in plans:
        wanted.setdefault(plan[0], []).append(plan)
    touched: set[object] = set()
    along = [world]  # the positions along the line, as far as needed
    for k, m in enumerate(line[:WITHIN]):
        if m.kind in (DEAL, REDEAL) and k:
            break
        for plan in wanted.get(m, []):
            n = len(plan)
            if tuple(line[k : k + n]) != plan:
                continue
            if k == 0:
                out.append((plan, tuple(line[n:])))
            elif plan[0].kind not in TRIVIAL and not {p for mv in plan for p in (mv.src, mv.dst)} & touched:
                while len(along) <= k + n:
                    along.append(rules.play(along[-1], line[len(along) - 1]))
                if _lands_alike(rules, world, [*plan, *line[:k]], along[k + n]):
                    out.append((plan, (*line[:k], *line[k + n :])))
        touched.update((m.src, m.dst))
    return out


def _lands_alike(rules: Variant[Any], world: Any, moves: list[Move], target: Any) -> bool:
    """``moves`` can be played from ``world`` one after the other and leave every card where it lies
    in ``target``."""
    s = world
    for m in moves:
        if not rules.is_legal(s, m):
            return False
        s = rules.play(s, m)
    return rules.piles(s) == rules.piles(target)
