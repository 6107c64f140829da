"""The ways of searching beside best first and depth first: the beam, and the staged search that
falls back on a complete search (every KL-2 building move) when the pruned one runs out of positions;
KL-11: a winnable deal is one the solver wins, its line replayed."""

from __future__ import annotations

from game.core.dealid import DealId
from game.rules.klondike import Klondike
from game.rules.registry import start
from game.solver.beam import Beam
from game.solver.engine import Status
from game.solver.klondike import SOLVER, WEIGHTS, KlondikeProblem, to_rules_moves


class _Trap:
    """From 0: "a" to 1, which looks best and leads nowhere; "b" to 2, then "c" to 3, the goal."""

    complete = True
    has_safe_moves = False

    def start(self) -> int:
        return 0

    def key(self, node: int) -> int:
        return node

    def is_goal(self, node: int) -> bool:
        return node == 3

    def successors(self, node: int) -> list[tuple[str, int]]:
        return {0: [("a", 1), ("b", 2)], 2: [("c", 3)]}.get(node, [])

    def safe_move(self, node: int) -> None:
        return None

    def score(self, node: int, depth: int) -> float:
        return {1: 0.0, 2: 1.0}.get(node, 5.0)


def test_a_beam_that_runs_dry_starts_again_wider_and_never_claims_a_loss():
    beam = Beam(_Trap(), 1000, width=1, widen=5)
    result = beam.run()
    assert result.status is Status.SOLVED and result.moves == ["b", "c"]
    assert beam.width == 5  # the first beam kept only the trap, and its next layer was empty

    class _NoGoal(_Trap):
        def is_goal(self, node: int) -> bool:
            return False

    lost = Beam(_NoGoal(), 50, width=1)
    assert lost.run().status is Status.UNKNOWN and not lost.exhausted  # a beam drops positions: no proof


def _klondike(number: int, draw: str, redeals: str = "unlimited"):
    return start(DealId.make("klondike", number, {"draw": draw, "redeals": redeals}))[1]


def test_kl11_the_beam_wins_a_deal_the_depth_first_members_miss_and_its_line_replays():
    """Draw 3, deal 142: the first depth-first member searches 60,000 positions (about its share of
    10 s) without a win; the beam wins it within 20,000, and gives the same line however its work
    is sliced."""
    from game.solver.engine import Search

    state = _klondike(142, "3")
    weights = WEIGHTS[0][0]
    assert Search(KlondikeProblem(state, weights), 60_000, depth_first=True).run().status is Status.UNKNOWN
    whole = Beam(KlondikeProblem(state, weights), 20_000).run()
    sliced = Beam(KlondikeProblem(state, weights), 20_000)
    while sliced.step(7) is Status.RUNNING:
        pass
    assert whole.status is Status.SOLVED and sliced.moves == whole.moves
    rules, s = Klondike(), state
    for move in to_rules_moves(state, whole.moves):
        s, _ = rules.apply(s, move)
    assert rules.is_won(s)


def test_kl2_when_the_pruned_moves_run_out_the_complete_search_proves_the_loss():
    """Draw 1, deal 70 and draw 3, deal 101: the pruned portfolio runs out of positions within a
    few hundred; the complete search that follows, within what is left of the budget, proves the
    deal lost. The whole stays within its budget."""
    for number, draw in ((70, "1"), (101, "3")):
        search = SOLVER.make(_klondike(number, draw), 20_000, None, False)
        result = search.run()
        assert result.status is Status.UNSOLVABLE and search.exhausted, (number, draw)
        assert result.stats.nodes <= 20_000
    won = SOLVER.make(_klondike(1, "1"), 20_000, None, False).run()  # a win needs no second stage
    assert won.status is Status.SOLVED


class _Endless(_Trap):
    """Positions 0, 1, 2, ... without end and without a goal."""

    def is_goal(self, node: int) -> bool:
        return False

    def successors(self, node: int) -> list[tuple[str, int]]:
        return [("+1", node + 1)]


def test_a_portfolio_member_that_stops_early_leaves_its_time_to_the_others():
    """The time budget is the portfolio's, not a fixed share each: the beam that gives up at its
    widest (or any member out of positions) hands its time on."""
    import itertools

    from game.solver.engine import Portfolio, Search

    ticks = itertools.count()

    def clock() -> float:
        return next(ticks) * 0.01

    early = Search(_Endless(), 10, 5.0, clock=clock, depth_first=True)  # stops after 10 positions
    late = Search(_Endless(), 10**6, 5.0, clock=clock, depth_first=True)
    result = Portfolio([early, late], quantum=5, max_seconds=1.0).run()
    assert result.status is Status.UNKNOWN and early.stats.nodes == 10
    assert late.stats.seconds >= 0.9 and result.stats.seconds < 1.2  # the whole second, and no more
