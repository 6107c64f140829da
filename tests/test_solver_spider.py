"""Issue 16 / SP: Spider's compact search with 1, 2 and 4 suits — its solutions replay through the
rules to a win, lost positions are never solved, equivalent positions share a key, and sampled
seeds replay."""

from __future__ import annotations

import pytest
from helpers import cards, columns

from game.core.dealid import DealId
from game.games.spider.rules import Spider, SpiderState
from game.games.spider.solver import SOLVER, SpiderProblem
from game.rules.history import History
from game.rules.registry import start
from game.solver.api import rules_moves
from game.solver.engine import Status
from game.solver.seeds import winnable_numbers


def state(*cols: str, stock: str = "", completed: tuple[int, ...] = (), suits: int = 2) -> SpiderState:
    tableau, down = columns(*cols)
    return SpiderState(tableau, down, cards(stock), completed, suits)


@pytest.mark.parametrize("suits, number", [(1, 3), (1, 6), (2, 1), (2, 3), (4, 2), (4, 9)])
def test_sp8_every_solution_replays_through_the_rules_to_a_win(suits, number):
    deal = DealId.make("spider", number, {"suits": str(suits)})
    rules, initial = start(deal)
    result = SOLVER.make(initial, 5_000_000, 30.0, False).run()
    assert result.status is Status.SOLVED, (suits, number, result.stats)
    moves = rules_moves(SOLVER, initial, result.moves)
    assert rules.is_won(History.replay(rules, initial, moves).state)


def test_sp8_small_lost_positions_are_never_solved():
    stuck = state("KS", "JH", *(["9S"] * 8))  # no move, no stock
    loop = state("9S 8H", "9H", "KS", "QH", "KH", "QS", "JS", "KD", "QD", "JD")  # 8H back and forth, for ever
    for s in (stuck, loop):
        for complete in (True, False):
            result = SOLVER.make(s, 100_000, 5.0, complete).run()
            assert result.status is not Status.SOLVED
        assert SOLVER.make(s, 100_000, 5.0, True).run().status is Status.UNSOLVABLE  # every move was tried


def test_sp8_equivalent_positions_share_a_key():
    """Columns in another order are one position once the stock is spent. Before that the complete
    search tells them apart, since the next deal puts a known card on each column in turn (the
    pruned search takes them as one, a loss it can afford)."""
    a = state("#AS 9S 8S", "KH", "QH", *(["5S"] * 7))
    b = state("KH", "5S", "QH", "#AS 9S 8S", *(["5S"] * 6))
    for complete in (True, False):
        assert SpiderProblem(a, complete=complete).key(SpiderProblem(a).start()) == SpiderProblem(b).key(
            SpiderProblem(b).start()
        )
    stock = "2S 3S 4S 5S 6S 7S 8S 9S TS JS"
    a_stock = state("#AS 9S 8S", "KH", "QH", *(["5S"] * 7), stock=stock)
    b_stock = state("KH", "5S", "QH", "#AS 9S 8S", *(["5S"] * 6), stock=stock)
    complete = SpiderProblem(a_stock, complete=True)
    assert complete.key(complete.start()) != complete.key(SpiderProblem(b_stock).start())
    pruned = SpiderProblem(a_stock)
    assert pruned.key(pruned.start()) == pruned.key(SpiderProblem(b_stock).start())
    assert pruned.key(pruned.start()) != SpiderProblem(a).key(SpiderProblem(a).start())  # the stock spent


def test_sp8_a_completed_suit_leaves_the_column_and_turns_the_card_under_it():
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    s = state(f"#3H {run}", "AS", *(["5H"] * 8), completed=(0,) * 7, suits=1)
    result = SOLVER.make(s, 10_000, 5.0, False).run()
    assert result.status is Status.SOLVED and len(result.moves) == 1  # the ace makes the eighth suit


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_sp8_the_seeds_lists_hold_two_hundred_deals_and_a_sample_replays(suits):
    numbers = winnable_numbers("spider", {"suits": str(suits)})
    assert len(numbers) >= 200
    sample = [n for n in numbers if n in (2, 3, 6, 9)][:1]
    assert sample, "a deal the test can solve fast is in the list"
    rules = Spider()
    for n in sample:
        deal = DealId.make("spider", n, {"suits": str(suits)})
        _, initial = start(deal)
        result = SOLVER.make(initial, 5_000_000, 30.0, False).run()
        assert result.status is Status.SOLVED
        assert rules.is_won(History.replay(rules, initial, rules_moves(SOLVER, initial, result.moves)).state)


def test_the_winnability_script_resumes_and_counts_with_intervals(tmp_path):
    """tools/winnability.py: results appended as they come, a second run skips what is there (but,
    asked again, a deal left unknown within a smaller budget), and the 95 % interval brackets the share."""
    import importlib.util
    import sys
    from concurrent.futures import ThreadPoolExecutor
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "winnability.py"
    spec = importlib.util.spec_from_file_location("winnability", path)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules["winnability"] = tool
    spec.loader.exec_module(tool)
    results = tmp_path / "r.jsonl"
    tasks = [("yukon", {}, n, 5.0, 200_000, 0.0) for n in (1, 2, 3)]
    with ThreadPoolExecutor(2) as executor:  # any concurrent.futures executor will do
        assert tool.run(tasks, executor, results) == 3
        assert tool.run(tasks + [("yukon", {}, 4, 5.0, 200_000, 0.0)], executor, results) == 1
        # Klondike draw 3, one redeal, deal 5: unknown to the pruned search within 20,000
        # positions; asked again with a complete search to prove losses, it is proved lost
        klondike = [("klondike", {"draw": "3", "redeals": "1"}, 5, 1.0, 20_000, 0.0)]
        assert tool.run(klondike, executor, results) == 1
        assert tool.run(klondike, executor, results) == 0
        larger = [klondike[0][:4] + (30_000, 0.0)]  # more positions: solved again only when asked
        assert tool.run(larger, executor, results) == 0
        assert tool.run(larger, executor, results, again=True) == 1
        assert tool.run(larger + klondike, executor, results, again=True) == 0  # no smaller budget undoes it
        assert tool.run([klondike[0][:5] + (5.0,)], executor, results) == 1
    proved = tool.table(results, ["klondike:draw=3,redeals=1"], 5, 5)[-1]
    assert proved.startswith("| `klondike:draw=3,redeals=1` | 1 | 0 | 1 | 0 |"), proved
    from game.solver.api import SOLVER_VERSION

    assert proved.split("|")[-3].strip() == str(SOLVER_VERSION)  # the solver that made the row
    lines = tool.table(results, ["yukon"], 1, 4)
    assert lines[-1].startswith("| `yukon` | 4 |")
    low, high = tool.wilson(45, 100)
    assert low < 0.45 < high and round(high - low, 2) == 0.19
    assert tool.wilson(0, 0) == (0.0, 1.0)


def test_the_winnability_script_refuses_junk_and_skips_damaged_lines(tmp_path):
    """A bad range, game or budget: one line and exit 2, and the doc is not touched; a damaged line
    in the results file is left out of the table."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    doc = tmp_path / "w.md"
    for junk in (["--deals", "x"], ["--deals", "5-1"], ["--games", "bogus"], ["--set", "golf:x=1"], ["--jobs", "0"]):
        run = subprocess.run(
            [sys.executable, str(root / "tools" / "winnability.py"), *junk, "--doc", str(doc)],
            capture_output=True,
            text=True,
        )
        assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, run.stderr
        assert "Traceback" not in run.stderr and not doc.exists()
    import importlib.util

    spec = importlib.util.spec_from_file_location("winnability_junk", root / "tools" / "winnability.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules["winnability_junk"] = tool
    spec.loader.exec_module(tool)
    results = tmp_path / "r.jsonl"
    results.write_text(
        '{"set": "yukon", "deal": "x"}\nnot json\n{"set": "yukon"}\n'
        '{"set": "yukon", "deal": 1, "status": "solved", "seconds": 0.1, "nodes": 5, "solver": 8}\n'
    )
    assert tool.table(results, ["yukon"], 1, 5)[-1].startswith("| `yukon` | 1 | 1 | 0 | 0 |")


def test_four_suits_are_searched_deal_by_deal_and_the_line_replays_to_a_win():
    """Issue 29: the phase search commits to a position to deal from; its line (deals included)
    replays through the rules to a win."""
    from game.games.spider.solver import WEIGHTS
    from game.solver.phases import PhaseSearch

    deal = DealId.make("spider", 5, {"suits": "4"})
    rules, initial = start(deal)
    search = PhaseSearch(SpiderProblem(initial, WEIGHTS[0]), 200_000, 30.0, phase_nodes=500, fan=4)
    result = search.run()
    assert result.status is Status.SOLVED, result.stats
    moves = rules_moves(SOLVER, initial, result.moves)
    assert sum(m.kind == "deal" for m in moves) == 5
    assert rules.is_won(History.replay(rules, initial, moves).state)


def test_the_phase_search_widens_and_never_calls_a_deal_lost_when_moves_are_pruned():
    """A round that tried every phase starts again wider; one that left nothing out has searched
    every position the moves reach, which proves a loss only when no move was pruned."""
    from game.solver.phases import PhaseSearch

    stock = "2S 3S 4S 5S 6S 7S 8S 9S TS JS"
    stuck = state("KS", "JH", *(["9S"] * 8), stock=stock)  # one deal, then no move and no win
    for complete, status in ((False, Status.UNKNOWN), (True, Status.UNSOLVABLE)):
        search = PhaseSearch(SpiderProblem(stuck, complete=complete), 10_000, 5.0, phase_nodes=50, fan=2)
        assert search.run().status is status and search.exhausted
    _, initial = start(DealId.make("spider", 5, {"suits": "4"}))
    narrow = PhaseSearch(SpiderProblem(initial), 200_000, 30.0, phase_nodes=1, fan=1)
    assert narrow.run().status is Status.SOLVED and narrow.rounds > 1


def test_the_score_after_a_deal_is_counted_without_dealing():
    """The phase search ranks deals by the score of the position each leads to, counted from the
    position before it; it is the score of the position the deal builds, all along a winning line
    and where a dealt ace completes a suit."""
    from game.games.spider.solver import DEAL
    from game.solver.phases import PhaseSearch

    _, initial = start(DealId.make("spider", 5, {"suits": "4"}))
    problem = SpiderProblem(initial)
    result = PhaseSearch(problem, 200_000, 30.0, phase_nodes=1, fan=1).run()
    assert result.status is Status.SOLVED
    node, checked = problem.start(), 0
    for depth, m in enumerate(result.moves):
        counted = problem.dealt_score(node, problem.score(node, depth), depth)
        if counted is not None:
            assert counted == pytest.approx(problem.score(problem.deal(node)[1], depth + 1))
            checked += 1
        node = problem.deal(node)[1] if m.src == DEAL else problem._move(node, m.src, m.dst, m.size)[1]
    assert checked >= 5 and problem.is_goal(node)
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    s = state(f"#3H {run}", *(["5H"] * 9), stock="AS" + " AH" * 9, suits=2)  # the ace of spades onto column 1
    completing = SpiderProblem(s)
    after = completing.deal(completing.start())[1]
    assert after.done == 1
    assert completing.dealt_score(completing.start(), completing.score(completing.start(), 0), 0) == pytest.approx(
        completing.score(after, 1)
    )


def test_a_round_whose_phases_searched_all_they_reach_tries_more_deals_not_larger_phases():
    """When every phase of a round searched all it could reach and only the deals past the fan were
    left out, larger phases would search the same again: the next round tries one more deal from
    each (issue 39: the greedy members repeated one round for the rest of their budget)."""
    from game.solver.phases import PhaseSearch

    loop = state("9S 8H", "9H", *(["KS"] * 8), stock=" ".join(["KH"] * 10))  # 8H back and forth: two positions deal
    search = PhaseSearch(SpiderProblem(loop), 1_000_000, 30.0, phase_nodes=1_000, fan=1)
    assert search.run().status is Status.UNKNOWN and search.exhausted
    assert search.phase_nodes == 1_000  # never widened: no phase ran out of positions
    assert search.fan == search.rounds > 1  # one more deal a round, until none was left out
