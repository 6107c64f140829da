"""The solvers: solutions replay to wins, lost positions never come back SOLVED, canonical keys,
hints that never peek, the seeds files, the daily deal, solving in slices, the solve command."""

from __future__ import annotations

import datetime
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ask_hint, cards, columns, solve_deal, solve_position

from game.cli import main as cli_main
from game.core.cards import NO_CARD, parse_card
from game.core.dealid import DealId, parse_deal_id
from game.core.variants import variant_spec
from game.games.addiction.rules import AddictionState
from game.games.freecell.notation import standard_notation
from game.games.freecell.problem import FreeCellProblem
from game.games.freecell.rules import FreeCell, FreeCellState
from game.games.freecell.solver import SOLVER as FREECELL_SOLVER
from game.games.golf.rules import GolfState
from game.games.klondike.problem import KlondikeProblem
from game.games.klondike.rules import Klondike
from game.games.pyramid.rules import PyramidState
from game.games.spider.rules import SpiderState
from game.games.yukon.rules import YukonState
from game.rules.base import DRAW, Move, parse_move
from game.rules.registry import rules_for, start
from game.solver.engine import Status
from game.solver.seeds import SEEDS_DIR, _read, daily_deal, winnable_numbers
from game.solver.tasks import SolverTask
from game.verdict import deal_verdict

ROOT = Path(__file__).resolve().parent.parent


def replay_wins(variant: str, state, moves) -> bool:
    rules = rules_for(variant)
    for m in moves:
        state, _ = rules.apply(state, m)
    return bool(rules.is_won(state))


@pytest.mark.parametrize("number", [1, 2, 3, 617, 1941, 31999])
def test_freecell_solutions_replay_to_a_win(number):
    deal = DealId.make("freecell", number)
    result = solve_deal(deal, max_nodes=300_000)
    assert result.status is Status.SOLVED
    assert replay_wins("freecell", start(deal)[1], result.moves)


def test_fc6_deal_11982_is_never_solved():
    result = solve_deal(DealId.make("freecell", 11982), max_nodes=100_000)
    assert result.status in (Status.UNSOLVABLE, Status.UNKNOWN)


@pytest.mark.parametrize(
    "variant, options, nodes",
    [
        ("golf", {}, 100_000),  # Golf's positions are cheap: a few microseconds each
        ("pyramid", {}, 30_000),
        ("klondike", {"draw": "1"}, 30_000),
        ("klondike", {"draw": "3", "redeals": "3"}, 30_000),
        ("klondike", {"draw": "3", "redeals": "1"}, 30_000),
        ("yukon", {}, 30_000),
        ("spider", {"suits": "1"}, 30_000),
        ("addiction", {}, 30_000),
    ],
)
def test_every_solution_found_replays_to_a_win(variant, options, nodes):
    solved = 0
    for number in range(1, 6):
        deal = DealId.make(variant, number, options)
        result = solve_deal(deal, max_nodes=nodes, max_seconds=1.5)
        if result.status is Status.SOLVED:
            solved += 1
            assert replay_wins(variant, start(deal)[1], result.moves)
            break
    if variant not in ("yukon", "spider"):
        assert solved >= 1, f"no {variant} deal of the first five solved"


def _never_solved(variant: str, state, nodes: int = 50_000) -> Status:
    status = solve_position(variant, state, max_nodes=nodes).status
    assert status is not Status.SOLVED
    return status


def test_lost_positions_are_never_solved_and_small_ones_are_proved():
    golf = GolfState((cards("KS"),) + ((),) * 6, (), cards("5D"))
    assert _never_solved("golf", golf) is Status.UNSOLVABLE
    flat = [NO_CARD] * 27 + [parse_card("6H")]
    pyramid = PyramidState(tuple(flat), cards("2S 3C"), (), 2)  # no 7 anywhere for the 6
    assert _never_solved("pyramid", pyramid) is Status.UNSOLVABLE
    yukon = YukonState(*columns("AH 2H", "", "", "", "", "", ""), (NO_CARD,) * 4)
    assert _never_solved("yukon", yukon) is Status.UNSOLVABLE
    tableau, down = columns("2S", "4S", *([""] * 8))
    spider = SpiderState(tableau, down, (), (0,) * 7, 1)
    assert _never_solved("spider", spider) in (Status.UNSOLVABLE, Status.UNKNOWN)
    assert solve_position("spider", spider, max_nodes=1000).status is not Status.SOLVED
    stuck = rules_for("addiction").parse(
        "variant: addiction\noptions: redeals=0\nnumber: 1\nredeals: 0\n"
        "row1: KS -- 3C 4C 6D 5D JH 9H 9C TC 2C 9S JS\nrow2: 5S KD -- 7S 8D 2D 3H 4H 5H 6H QH TH 8S\n"
        "row3: 2S 3S 4S KH 9D 5C 7C 8H 3D TD JD 6S QD\nrow4: 2H 7H JC TS QS 7D QC 4D 8C KC -- -- 6C\n"
    )
    assert isinstance(stuck, AddictionState)
    assert _never_solved("addiction", stuck) is Status.UNSOLVABLE
    from test_klondike_scene import stuck_after_one_draw

    _never_solved("klondike", Klondike().parse(stuck_after_one_draw()))


def test_canonical_keys_equal_for_equivalent_positions():
    fc = FreeCell()
    s = fc.deal(DealId.make("freecell", 5))
    s = fc.play(s, parse_move("t1>c1"))
    s = fc.play(s, parse_move("t2>c3"))
    swapped = FreeCellState(
        (s.tableau[1], s.tableau[0], *s.tableau[2:]), (s.cells[2], NO_CARD, s.cells[0], NO_CARD), s.foundations
    )
    p = FreeCellProblem(s)
    assert p.key(p.start()) == FreeCellProblem(swapped).key(FreeCellProblem(swapped).start())
    k = Klondike().deal(DealId.make("klondike", 5))
    mirrored = type(k)(
        k.tableau[::-1], k.down[::-1], k.stock, k.waste, k.foundations[::-1], k.draw, k.redeal_limit, k.recycles, 999
    )
    pk, pm = KlondikeProblem(k), KlondikeProblem(mirrored)
    assert pk.key(pk.start()) == pm.key(pm.start())
    # draw 1 with unlimited redeals: every talon card is always within reach, so the number of
    # cards turned does not tell positions apart
    turned = Klondike().play(k, Move(DRAW))
    pt = KlondikeProblem(turned)
    assert pt.key(pt.start()) == pk.key(pk.start())
    k3 = Klondike().deal(DealId.make("klondike", 5, {"draw": "3"}))
    p3, pt3 = KlondikeProblem(k3), KlondikeProblem(Klondike().play(k3, Move(DRAW)))
    assert p3.key(p3.start()) != pt3.key(pt3.start())


def test_freecell_standard_notation():
    fc = FreeCell()
    s = FreeCellState(columns("KS QH JS", "", "5D", "6C", "", "", "", "")[0], (NO_CARD,) * 4, (NO_CARD,) * 4)
    moves = [parse_move("t1>t2x3"), parse_move("t3>c1"), parse_move("c1>t4"), parse_move("t4>t5")]
    assert standard_notation(s, moves) == "12(3) 3a a4 45"
    assert fc.is_won(s) is False


def _hidden_swapped(variant: str, number: int):
    """The same deal with two face-down cards of different columns exchanged: what the player
    sees is identical."""
    s = start(DealId.make(variant, number))[1]
    cols = [list(c) for c in s.tableau]
    cols[5][0], cols[6][1] = cols[6][1], cols[5][0]
    return s, type(s)(tuple(tuple(c) for c in cols), *[getattr(s, f) for f in s.__slots__[1:]])


@pytest.mark.parametrize("variant", ["klondike", "spider", "yukon"])
def test_hints_never_change_with_the_face_down_cards(tmp_path, variant):
    """CM-7, SP-15: the same visible position with different hidden cards gets the same hint (the
    hints are pure functions of what the player saw; Klondike's sampled search included)."""
    from game.games.index import game_for

    game = game_for(variant)
    for number in range(1, 4):
        a, b = _hidden_swapped(variant, number)
        hints = [ask_hint(variant, state, game.rules.seen(state)) for state in (a, b)]
        assert hints[0] == hints[1]
        assert hints[0].move is None or game.rules.check(a, hints[0].move) is None


def test_freecell_hint_is_the_next_move_of_a_solution_computed_in_slices(tmp_path):
    """Never a frozen frame: the search advances a few milliseconds per step while frames flow and
    the table still answers."""
    import pygame
    from scene_helpers import make_app, open_scene, run

    app = make_app(tmp_path)
    scene = open_scene(app, "freecell", 11982)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    run(app, 2)
    assert scene.table.hint_job is not None and scene.table.hint.text == "Computing…"
    frames = app.frames
    run(app, 5)
    assert app.frames == frames + 5 and scene.table.hint_job is not None and scene.table.hint_job.search.nodes > 0
    scene.undo()  # the table still answers (nothing to undo: it says so) while the search runs
    assert scene.table.toast[0] == "There is nothing to undo."
    easy = open_scene(app, "freecell", 1)
    easy.table.show_hint()
    for _ in range(600):
        run(app, 1)
        if easy.table.hint_job is None:
            break
    solution = solve_deal(DealId.make("freecell", 1)).moves
    assert easy.table.hint.move == solution[0]
    app.close()


def test_solver_task_can_be_cancelled():
    task = SolverTask(FREECELL_SOLVER, start(DealId.make("freecell", 11982))[1])
    task.advance(0.001)
    task.cancel()
    assert task.done and task.result().status is Status.UNKNOWN


SEEDS = sorted(SEEDS_DIR.glob("*.txt"))


@pytest.mark.parametrize("path", SEEDS, ids=[p.stem for p in SEEDS])
def test_seeds_files_have_their_header_and_their_deals_win(path):
    header, numbers, efforts = _read(path)
    assert header.get("generator", "").startswith("v") and header.get("solver", "").startswith("v")
    assert "rated" in header and set(efforts) == set(numbers)  # every list is rated (tools/rate_seeds.py)
    assert "budget" in header and len(numbers) >= 20 and len(set(numbers)) == len(numbers)
    assert list(numbers) == sorted(numbers)
    variant, *opts = path.stem.split("-")
    options = {}
    keys = [spec.key for spec in variant_spec(variant).options]  # a file name reads draw3-movesruns
    for o in opts:
        key = next(k for k in keys if o.startswith(k))
        options[key] = o[len(key) :]
    assert winnable_numbers(variant, options) == numbers
    cheapest = sorted(numbers, key=lambda n: efforts[n].nodes if efforts[n] else 10**9)[:2]
    for number in cheapest:  # the two its rating says are quickest to win again: a real solve, fast
        deal = DealId.make(variant, number, options)
        result = solve_deal(deal, max_nodes=3_000_000, max_seconds=30)
        assert result.status is Status.SOLVED and replay_wins(variant, start(deal)[1], result.moves)


@pytest.mark.skipif(not (SEEDS_DIR / "klondike-draw1-redealsunlimited.txt").exists(), reason="no Klondike seeds")
def test_kl12_daily_deal_is_the_same_for_a_date_and_winnable():
    d = datetime.date(2026, 11, 29)
    deal = daily_deal(d)
    assert deal == daily_deal(d) and deal.option("draw") == "1" and deal.option("redeals") == "unlimited"
    assert deal.number in winnable_numbers("klondike", {"draw": "1", "redeals": "unlimited"})
    days = {daily_deal(d + datetime.timedelta(days=k)).number for k in range(20)}
    assert len(days) > 10
    out = subprocess.run(
        [sys.executable, "-m", "game", "deal", "klondike", "--daily", "2026-11-29"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0 and out.stdout.splitlines()[0] == f"deal: {deal}"
    bad = subprocess.run(
        [sys.executable, "-m", "game", "deal", "klondike", "--daily", "yesterday"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "not a date" in bad.stderr


def test_solve_command_lines_and_summary():
    out = subprocess.run(
        [sys.executable, "-m", "game", "solve", "freecell", "--deals", "1-3", "--moves"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("freecell:1:v1 solved ")
    assert all(tok[0] in "12345678abcd" for tok in lines[1].split())
    assert lines[-1].startswith("solved 3/3, unsolvable 0, unknown 0, median ")
    assert parse_deal_id(lines[2].split()[0]).number == 2


def test_cm7_sampled_hints_depend_only_on_what_the_player_has_seen():
    """The arrangements a Klondike hint is searched on are the same for two positions that look the
    same, whatever the hidden cards really are; and they agree with every seen card."""
    from game.games.index import game_for

    def klondike_arrangements(state: object, seen: frozenset[object], count: int) -> list[object]:
        worlds = game_for("klondike").hints.worlds(state, seen, count)
        assert worlds is not None
        return worlds

    rules = rules_for("klondike")
    for number in range(1, 4):
        a, b = _hidden_swapped("klondike", number)
        seen = rules.seen(a)
        assert seen == rules.seen(b)
        arr_a, arr_b = klondike_arrangements(a, seen, 4), klondike_arrangements(b, seen, 4)
        assert arr_a == arr_b
        for s in arr_a:
            for col, real, d in zip(s.tableau, a.tableau, a.down, strict=True):
                assert col[d:] == real[d:]
            assert rules.parse(rules.to_text(s)) == s  # every card once


def test_a_portfolio_reports_a_win_that_its_members_found_on_their_start():
    """A position won by safe moves alone is solved when each search is built; the portfolio
    must give that win (it used to answer UNKNOWN, and end-game hints fell back to rules of thumb)."""
    from game.games.freecell.notation import to_rules_moves
    from game.games.index import game_for

    s = FreeCellState(columns("KS", "", "", "", "", "", "", "")[0], (NO_CARD,) * 4, cards("QS KH KD KC"))
    result = game_for("freecell").solver.make(s, 1000, None, False).run()
    assert result.status is Status.SOLVED and [str(m) for m in to_rules_moves(s, result.moves)] == ["t1>f1"]


def test_solve_runs_the_tables_search_for_the_same_budget(capsys):
    """Issue 39 item 4, one verdict per question: ``python -m game solve`` ran only the pruned search
    (unless --complete) where the winnability table goes on with the complete search of a deal left
    unknown (--prove-lost), so a deal could be unknown from one and settled by the other (Canfield
    deal 85, draw 3). Both now run ``solver.api.settle``: Klondike draw 3 with one redeal, deals
    15 and 19, unknown from the pruned search in 3,000 positions, are proved lost by both."""
    for number in (15, 19):
        table = deal_verdict(("klondike", {"draw": "3", "redeals": "1"}, number, 5.0, 3000, 5.0))
        alone = deal_verdict(("klondike", {"draw": "3", "redeals": "1"}, number, 5.0, 3000, 0.0))
        args = ["solve", "klondike", "--option", "draw=3", "--option", "redeals=1", "--deal", str(number)]
        assert cli_main([*args, "--max-nodes", "3000", "--time-limit", "5", "--prove-lost", "5"]) == 0
        line = capsys.readouterr().out.splitlines()[0].split()
        assert (line[1], int(line[2])) == (table["status"], table["nodes"]) == ("unsolvable", table["nodes"])
        assert alone["status"] == "unknown"
