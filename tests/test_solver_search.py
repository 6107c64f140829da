"""The ways of searching beside best first and depth first: the beam, and the staged search that
falls back on a complete search (every KL-2 building move) when the pruned one runs out of positions;
KL-11: a winnable deal is one the solver wins, its line replayed."""

from __future__ import annotations

from game.core.dealid import DealId
from game.games.klondike.problem import KlondikeProblem
from game.games.klondike.rules import Klondike
from game.games.klondike.solver import SOLVER, WEIGHTS, to_rules_moves
from game.rules.registry import start
from game.solver.beam import Beam
from game.solver.engine import Search, Shape, Status
from game.solver.walks import OrderedDepthFirst


class _Trap:
    """From 0: "a" to 1, which looks best and leads nowhere; "b" to 2, then "c" to 3, the goal."""

    complete = True
    shape = Shape(safe_moves=False)

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

    from game.solver.engine import Search
    from game.solver.portfolio import Portfolio

    ticks = itertools.count()

    def clock() -> float:
        return next(ticks) * 0.01

    early = Search(_Endless(), 10, 5.0, clock=clock, depth_first=True)  # stops after 10 positions
    late = Search(_Endless(), 10**6, 5.0, clock=clock, depth_first=True)
    result = Portfolio([early, late], quantum=5, max_seconds=1.0).run()
    assert result.status is Status.UNKNOWN and early.stats.nodes == 10
    assert late.stats.seconds >= 0.9 and result.stats.seconds < 1.2  # the whole second, and no more


class _LazyTrap(_Trap):
    """The trap as a lazy problem (each move scored without its position being built), with a
    second way to 2 (through 1) and a poor-looking position 4, and a count of positions built."""

    shape = Shape(safe_moves=False, lazy=True)

    def __init__(self) -> None:
        self.built = 0

    def successors(self, node: int) -> list[tuple[str, int]]:
        return {0: [("a", 1), ("b", 2), ("e", 4)], 1: [("d", 2)], 2: [("c", 3)]}.get(node, [])

    def score(self, node: int, depth: int) -> float:
        return {1: 0.0, 2: 1.0, 3: 5.0}.get(node, 9.0)

    def moves(self, node: int, depth: int):
        for move, child in self.successors(node):
            yield self.score(child, depth + 1), (move, child), None

    def play(self, node: int, sketch: tuple[str, int]) -> tuple[tuple[str, ...], int]:
        self.built += 1
        return (sketch[0],), sketch[1]


def test_a_lazy_search_builds_a_child_only_when_it_takes_it():
    problem = _LazyTrap()
    whole = Search(problem, 1000).run()
    assert whole.status is Status.SOLVED and whole.moves == ["b", "c"]
    assert problem.built == 4  # 1, 2 by b, 2 again by d (then dropped: met before) and 3; never 4

    class _NoGoal(_LazyTrap):
        def is_goal(self, node: int) -> bool:
            return False

    search = Search(_NoGoal(), 1000)
    assert search.run().status is Status.UNSOLVABLE and search.exhausted
    assert search.stats.nodes == 5 and search.stats.generated == 5  # 0 to 4, 2 met twice and entered once
    assert search.stats.seen == 5


def test_fc6_freecell_lazy_children_are_its_successors_and_fewer_are_built():
    """FreeCell scores every move from its parent and the columns it changes (lazy): each child,
    once built, has that score, the same as counted from scratch; a search builds a fraction of
    the children it scores, and its line replays to a win."""
    from game.games.freecell.notation import to_rules_moves
    from game.games.freecell.problem import WEIGHTS, FreeCellProblem
    from game.games.freecell.rules import FreeCell

    state = start(DealId.make("freecell", 164))[1]
    problem = FreeCellProblem(state, WEIGHTS[0])
    result = Search(problem, 50_000).run()
    assert result.status is Status.SOLVED
    node, moves = problem.start(), list(result.moves)
    while (safe := problem.safe_move(node)) is not None:  # the start is settled first
        assert moves.pop(0) == safe[0]
        node = safe[1]
    depth = 0
    while moves:  # along the whole winning line
        scored = list(problem.moves(node, depth))
        for score, sketch, built in scored:
            line, child = built or problem.play(node, sketch)
            assert abs(score - problem.score(child, depth + len(line))) < 1e-9
            assert abs(child.h - problem._scored(child).h) < 1e-9  # the same score counted from scratch
        line, node = next((line, c) for line, c in problem.lines(node) if tuple(moves[: len(line)]) == line)
        del moves[: len(line)]
        depth += len(line)
    assert result.stats.generated > 5 * result.stats.seen
    rules, s = FreeCell(), state
    for move in to_rules_moves(state, result.moves):
        s, _ = rules.apply(s, move)
    assert rules.is_won(s)


def test_cm7_a_hint_searches_each_arrangement_without_the_complete_stage(monkeypatch):
    """Without the compiled search, a hint's world is searched by the pruned portfolio alone: where
    the pruned moves of draw-1 deal 70 run out, it stops (UNKNOWN, within a few hundred positions),
    while the solver's own search goes on to prove the loss. The compiled search
    (game/games/klondike/fast.py) goes on to every move, in a fraction of the time, and proves the
    world lost too. Games without such a stage search the same either way."""
    from game.games.freecell.solver import SOLVER as FREECELL
    from game.games.klondike import fast as klondike_fast

    state = _klondike(70, "1")
    if klondike_fast.available():
        fast = SOLVER.for_sampling().make(state, 20_000, None, False).run()
        assert fast.status is Status.UNSOLVABLE
    monkeypatch.setattr(klondike_fast, "LIB", None)
    hint = SOLVER.for_sampling().make(state, 20_000, None, False)
    result = hint.run()
    assert result.status is Status.UNKNOWN and hint.exhausted and result.stats.nodes < 1000
    proved = SOLVER.make(state, 20_000, None, False).run()
    assert proved.status is Status.UNSOLVABLE and proved.stats.nodes > result.stats.nodes
    assert FREECELL.for_sampling() is FREECELL


def test_a_search_step_runs_without_the_cycle_collector_and_gives_it_back():
    """The cyclic garbage collector is off while a search step runs (it only slows the search) and
    left as it was found afterwards, on or off, even when the step stops on a win."""
    import gc

    _, s = start(DealId.make("klondike", 1, {"draw": "1"}))
    seen: list[bool] = []

    class Watched(KlondikeProblem):
        def successors(self, node):
            seen.append(gc.isenabled())
            return super().successors(node)

    was = gc.isenabled()
    try:
        for before in (True, False):
            gc.enable() if before else gc.disable()
            search = Search(Watched(s), 10_000, depth_first=True)
            while search.step(5) is Status.RUNNING:
                assert gc.isenabled() is before
            assert search.status is Status.SOLVED and gc.isenabled() is before
    finally:
        gc.enable() if was else gc.disable()
    assert seen and not any(seen)


def test_go1_an_ordered_search_without_safe_moves_takes_its_own_loop_and_searches_the_same():
    """Golf (GO-1 ... GO-4) and Pyramid run depth first through the engine's one-loop path for
    problems that order their moves and have no safe moves; it must search exactly the positions,
    in the order, of the general path (made to run by a problem that says it may have safe moves),
    to the same line or the same proof of loss."""
    from game.games.golf.solver import GolfProblem
    from game.games.pyramid.solver import PyramidProblem

    class General(GolfProblem):
        shape = Shape(ordered=True)  # safe moves: never one, but the engine must look: the general path

    class GeneralPyramid(PyramidProblem):
        shape = Shape(ordered=True)

    took_own_loop: list[bool] = []

    class Watched(Search[int, object]):
        def _advance(self, budget: int, began: float) -> None:
            took_own_loop.append(isinstance(self._walk, OrderedDepthFirst))
            super()._advance(budget, began)

    outcomes = set()
    for game, fast, general in (("golf", GolfProblem, General), ("pyramid", PyramidProblem, GeneralPyramid)):
        for number in (3, 11):  # Golf 3 is proved lost, 11 won: both ends, in a second (deals 1 and 43 took ten)
            _, state = start(DealId.make(game, number, {}))
            one = Watched(fast(state), 3_000_000, depth_first=True).run()  # type: ignore[arg-type]
            other = Search(general(state), 3_000_000, depth_first=True).run()  # type: ignore[arg-type]
            assert (one.status, one.moves, one.stats.nodes, one.stats.generated, one.stats.seen) == (
                other.status,
                other.moves,
                other.stats.nodes,
                other.stats.generated,
                other.stats.seen,
            )
            outcomes.add(one.status)
    assert took_own_loop and all(took_own_loop) and outcomes == {Status.SOLVED, Status.UNSOLVABLE}
