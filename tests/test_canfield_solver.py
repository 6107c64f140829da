"""Canfield's solver (CF-6): its wins replay through the rules to a win, its complete mode proves a
loss only where a plain search of the rules' own moves finds no win, and each move it makes reaches
the position the rules' move reaches."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_canfield import CF

from game.core.dealid import DealId
from game.games.canfield.problem import CanfieldProblem
from game.games.canfield.rules import CanfieldState
from game.rules.base import MOVE, Move
from game.solver.engine import Search, Status
from game.solver.problems import RulesProblem


def _plain_search(state: CanfieldState, nodes: int = 3_000_000):
    """Every legal move of the rules, each position once: slow, but nothing is cut, so its verdict
    is the truth to check the solver's against."""
    return Search(RulesProblem(CF, state, lambda s: s, lambda s, d: 0.0), nodes, depth_first=True).run()


@pytest.mark.parametrize("number, draw", [(1, "3"), (4, "3"), (7, "3"), (8, "3"), (1, "1"), (4, "1"), (8, "1")])
def test_cf6_the_solvers_wins_replay_to_a_win_and_its_losses_are_losses(number, draw):
    from helpers import solve_deal

    deal_id = DealId.make("canfield", number, {"draw": draw})
    result = solve_deal(deal_id, max_nodes=2_000_000)  # the api replays the line through the rules
    if result.status is Status.SOLVED:
        s = CF.deal(deal_id)
        for m in result.moves:
            s, _ = CF.apply(s, m)
        assert CF.is_won(s)
    else:
        assert result.status is Status.UNSOLVABLE and _plain_search(CF.deal(deal_id)).status is Status.UNSOLVABLE


def _late(rng: random.Random, draw: int, whole: bool) -> CanfieldState:
    """A position late in a game, often lost: each suit home to a random height, the other cards
    dealt to short columns, a reserve of up to 2 cards and a talon."""
    base = rng.randint(1, 13)
    home = [rng.randint(8, 12) for _ in range(4)]
    tops = []
    rest = []
    for suit in range(4):
        ordered = [suit * 13 + (base - 1 + k) % 13 for k in range(13)]
        tops.append(ordered[home[suit] - 1])
        rest += ordered[home[suit] :]
    rng.shuffle(rest)
    reserve = tuple(rest[:2]) if len(rest) >= 8 and rng.random() < 0.5 else ()
    rest = rest[len(reserve) :]
    cut = rng.randint(0, len(rest) - 4) if reserve else rng.randint(0, len(rest))
    talon, dealt = rest[:cut], rest[cut:]  # with a reserve, at least one card to each column
    tableau: list[list[int]] = [[] for _ in range(4)]
    for i, card in enumerate(dealt):
        tableau[i % 4].append(card)
    return CanfieldState(
        reserve=reserve,
        tableau=tuple(tuple(col) for col in tableau),
        stock=tuple(talon),
        waste=(),
        foundations=tuple(tops),
        base=base,
        draw=draw,
        whole=whole,
    )


def test_cf6_the_complete_search_proves_a_loss_only_where_the_plain_search_finds_none():
    """Late positions of every option: the complete search (nothing cut, columns sorted as one,
    the talon's turns folded into its moves) and the plain search of the rules' own moves agree on
    every one, wins and losses both."""
    rng = random.Random(12)
    verdicts = Counter()
    for i in range(40):
        s = _late(rng, (3, 1)[i % 2], i % 4 >= 2)
        mine = Search(CanfieldProblem(s, complete=True), 500_000, depth_first=True).run()
        truth = _plain_search(s, 500_000)
        if Status.UNKNOWN in (mine.status, truth.status):
            continue
        assert mine.status is truth.status, CF.to_text(s)
        verdicts[mine.status] += 1
    assert verdicts[Status.SOLVED] >= 5 and verdicts[Status.UNSOLVABLE] >= 5, verdicts


def test_the_solvers_moves_reach_what_the_rules_moves_reach():
    """In positions met by random play, each child the complete problem makes is the position the
    rules reach by the same move (the talon's turns written out), and every card move the rules
    allow is among its children."""
    from game.games.canfield.solver import to_rules_moves

    rng = random.Random(5)
    for number, draw in ((2, "3"), (3, "1")):
        s = CF.deal(DealId.make("canfield", number, {"draw": draw}))
        for _ in range(40):
            problem = CanfieldProblem(s, complete=True)
            children = problem.successors(problem.start())
            reached = set()
            for cmove, child in children:
                line = to_rules_moves(s, [cmove])
                after = s
                for m in line:
                    after = CF.play(after, m)
                fresh = CanfieldProblem(after, complete=True)
                assert problem.key(fresh.start()) == problem.key(child)
                reached.add(_shape(s, line[-1]))
            # every card move of the rules, but a base card to each empty foundation and the waste's
            # card to each empty column (the problem takes one of each: they are alike)
            assert {_shape(s, m) for m in CF.legal_moves(s) if m.kind == MOVE} <= reached
            moves = CF.legal_moves(s)
            if not moves:
                break
            s = CF.play(s, rng.choice(moves))


def _shape(s: CanfieldState, m: Move) -> tuple[object, ...]:
    """A move as the problem sees it: any foundation is home, any empty column is one."""
    if m.dst.kind == "foundation":
        return (m.src, "home", m.size)
    return (m.src, "empty" if not s.tableau[m.dst.idx] else m.dst, m.size)
