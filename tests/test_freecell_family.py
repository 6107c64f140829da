"""FreeCell's family (SPEC FC-7): Baker's Game, Eight Off, Forecell and Seahaven Towers, options of
FreeCell (``game=bakers|eightoff|forecell|seahaven``) dealt as KPat deals them from Microsoft's deck."""

from __future__ import annotations

import random
import shutil
import subprocess
from collections import Counter

import pytest
from helpers import ask_hint, c, cards, columns, deal, move, solve_deal

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.core.errors import IllegalMove
from game.core.rng import microsoft_deck
from game.games.freecell.notation import standard_notation, to_rules_moves
from game.games.freecell.problem import OTHER_LAYOUTS_WEIGHTS, WEIGHTS, FreeCellProblem, leaders
from game.games.freecell.record import GAME, labels, table
from game.games.freecell.rules import FreeCell, FreeCellState
from game.rules.base import MOVE
from game.rules.pile import CELL, CELLS, FOUNDATIONS, TABLEAU, TABLEAUS
from game.solver.engine import Status

FC = FreeCell()
FAMILY = ("bakers", "eightoff", "forecell", "seahaven")
FC_SOLVE = shutil.which("fc-solve")
PRESETS = {"bakers": "bakers_game", "eightoff": "eight_off", "forecell": "forecell", "seahaven": "seahaven"}


def state(game: str, *cols: str, cells: tuple[str, ...] = (), foundations=("", "", "", "")) -> FreeCellState:
    n_cols, n_cells = {"eightoff": (8, 8), "seahaven": (10, 4)}.get(game, (8, 4))
    tableau, _ = columns(*cols, *([""] * (n_cols - len(cols))))
    given = [c(x) if x else NO_CARD for x in cells]
    return FreeCellState(
        tableau,
        tuple(given + [NO_CARD] * (n_cells - len(given))),
        tuple(cards(f)[-1] if f else NO_CARD for f in foundations),
        game,
    )


def legal(s: FreeCellState) -> set[str]:
    return {str(m) for m in FC.legal_moves(s)}


@pytest.mark.parametrize(
    "game, cols, cells, filled",
    [
        ("bakers", [7, 7, 7, 7, 6, 6, 6, 6], 4, 0),
        ("eightoff", [6] * 8, 8, 4),
        ("forecell", [6] * 8, 4, 4),
        ("seahaven", [5] * 10, 4, 2),
    ],
)
def test_fc7_layouts(game, cols, cells, filled):
    _, s = deal("freecell", 7, game=game)
    assert [len(col) for col in s.tableau] == cols
    assert len(s.cells) == cells and sum(x != NO_CARD for x in s.cells) == filled
    assert s.cells[filled:] == (NO_CARD,) * (cells - filled)  # KPat fills the first cells
    everything = [x for col in s.tableau for x in col] + [x for x in s.cells if x != NO_CARD]
    assert Counter(everything) == Counter(range(52)) and s.foundations == (NO_CARD,) * 4


@pytest.mark.parametrize("number", [1, 617, 11982, 2**31 - 1])
def test_fc7_bakers_game_keeps_microsoft_deals_and_the_others_deal_the_deck_as_kpat(number):
    _, free = deal("freecell", number)
    _, bakers = deal("freecell", number, game="bakers")
    assert bakers.tableau == free.tableau and bakers.game == "bakers"
    deck = microsoft_deck(number)
    _, eight = deal("freecell", number, game="eightoff")
    assert eight.cells[:4] == tuple(deck[:4]) and eight.tableau[0] == tuple(deck[4::8])
    _, sea = deal("freecell", number, game="seahaven")
    assert sea.cells[:2] == tuple(deck[:2]) and sea.tableau[9] == tuple(deck[11::10])


def test_fc7_freecell_itself_is_unchanged():
    _, s = deal("freecell", 1)
    assert s.game == "freecell" and s == FreeCellState(s.tableau, s.cells, s.foundations)
    text = FC.to_text(s)
    assert "options:\n" in text and "game=" not in text and FC.parse(text) == s
    assert GAME.heading_for(s) == "FreeCell" and GAME.stars({}) == 2


@pytest.mark.parametrize("game", FAMILY)
def test_fc7_text_form_round_trips(game):
    for number in (1, 2):
        _, s = deal("freecell", number, game=game)
        text = FC.to_text(s)
        assert f"options: game={game}" in text and FC.parse(text) == s
    assert ("cell8:" in text) == (game == "eightoff") and ("tableau10:" in text) == (game == "seahaven")


def test_fc7_built_down_by_suit():
    s = state("bakers", "9H", "TH", "TS", "8H")
    assert {"t1>t2", "t4>t1"} <= legal(s) and "t1>t3" not in legal(s)
    with pytest.raises(IllegalMove, match="of its suit one rank higher"):
        FC.apply(s, move("t1>t3"))
    s = state("bakers", "JH TH 9H", "QH", "KS QS", "5D 8H", cells=("", "", "", ""))
    assert "t1>t2x3" in legal(s)
    s2 = state("bakers", "JS TH 9H", "QS")  # mixed suits: only the part in one suit moves
    with pytest.raises(IllegalMove, match="one suit"):
        FC.apply(s2, move("t1>t2x3"))
    assert FC.lift_reason(s2, TABLEAUS[0], 0) and FC.lift_reason(s2, TABLEAUS[0], 1) is None
    s3 = state("bakers", "5C 9H", "")  # Baker's Game: an empty column takes any card
    assert "t1>t2" in legal(s3)


@pytest.mark.parametrize("game", ["eightoff", "forecell", "seahaven"])
def test_fc7_only_a_king_in_an_empty_column(game):
    s = state(game, "5C 9H", "", "KD", "3S KH QH", cells=("KS", "7C"))
    moves = legal(s)
    assert "t1>t2" not in moves and "c2>t2" not in moves
    assert "c1>t2" in moves and "t3>t2" in moves
    if game != "forecell":
        assert "t4>t2x2" in moves  # a run headed by a king, built by suit
    with pytest.raises(IllegalMove, match="Only a king"):
        FC.apply(s, move("t1>t2"))
    with pytest.raises(IllegalMove, match="Only a king"):
        FC.apply(s, move("c2>t2"))
    assert labels(s)[TABLEAUS[1]] == "K"


def test_fc7_runs_as_far_as_the_cells_allow_where_only_a_king_fills_a_column():
    run = "9H 8H 7H 6H"
    # Eight Off, two free cells, two empty columns: the columns cannot hold a card on the way
    s = state("eightoff", run, "TH", "", "", cells=("KS", "KC", "KD", "KH", "QS", "QC"))
    assert "t1>t2x4" not in legal(s)
    with pytest.raises(IllegalMove, match="at most 3 can") as e:
        FC.apply(s, move("t1>t2x4"))
    assert "only a king" in e.value.reason
    s = state("eightoff", run, "TH", "", "", cells=("KS", "KC", "KD", "KH", "QS"))
    assert "t1>t2x4" in legal(s)
    # Baker's Game, the same: (2 + 1) x 2^2 = 12
    s = state("bakers", run, "TH", "", "", cells=("KS", "KC", "", ""))
    assert "t1>t2x4" in legal(s)
    # to an empty column, a king-headed run up to the free cells + 1
    s = state("seahaven", "2C KH QH JH", "", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", cells=("AS", "AC", "", ""))
    assert "t1>t2x3" in legal(s)
    s = state("seahaven", "2C KH QH JH", "", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", cells=("AS", "AC", "AD"))
    assert "t1>t2x3" not in legal(s)


def test_fc7_piles_of_another_game_of_the_family_are_refused():
    _, s = deal("freecell", 1)
    with pytest.raises(IllegalMove, match="No card can be put there"):
        FC.apply(s, move("t1>c6"))
    _, s = deal("freecell", 1, game="eightoff")
    assert "t1>c5" in legal(s) and "t1>c1" not in legal(s)
    with pytest.raises(IllegalMove, match="No card can be put there"):
        FC.apply(s, move("t1>t10"))


def _random_positions(game: str, number: int, count: int, seed: int) -> list[FreeCellState]:
    """Positions reached by random legal moves (home first when it can), for the solver's moves."""
    rng = random.Random(seed)
    _, s = deal("freecell", number, game=game)
    out = []
    for _ in range(count):
        moves = FC.legal_moves(s)
        if not moves:
            break
        home = [m for m in moves if m.dst.kind == "foundation"]
        s = FC.play(s, rng.choice(home or moves))
        out.append(s)
    return out


@pytest.mark.parametrize("game", FAMILY)
def test_fc7_the_solvers_moves_are_the_rules_moves(game):
    """Every move the solver makes (supermoves and empty columns included) is a legal move of the
    rules, and each legal move that changes the position is among the solver's (up to the empty
    column chosen and a whole column moved into an empty one)."""
    for s in _random_positions(game, 3, 60, 7)[::3]:
        problem = FreeCellProblem(s)
        node = problem._scored(problem.initial._replace(h=0.0))
        rules_moves = FC.legal_moves(s)
        solver_moves = set()
        for _, sketch, built in problem.moves(node, 0):
            first = (built[0] if built else problem.play(node, sketch)[0])[0]
            m = to_rules_moves(s, [first])[0]
            assert m in rules_moves, (m, FC.to_text(s))
            solver_moves.add((m.src, m.size, m.dst.kind == CELL))
        for m in rules_moves:
            if m.kind != MOVE or (m.dst.kind == TABLEAU and not s.tableau[m.dst.idx]):
                continue
            if m.dst.kind == "foundation":
                continue  # safe moves home are made without a choice
            assert (m.src, m.size, m.dst.kind == CELL) in solver_moves, (m, FC.to_text(s))


@pytest.mark.parametrize("game, number", [("bakers", 2), ("eightoff", 1), ("forecell", 3), ("seahaven", 3)])
def test_fc7_solver_wins_replayed_by_the_rules(game, number):
    deal_id = DealId.make("freecell", number, {"game": game})
    result = solve_deal(deal_id, max_nodes=20_000)
    assert result.status is Status.SOLVED
    _, s = deal("freecell", number, game=game)
    for m in result.moves:
        s, _ = FC.apply(s, m)
    assert FC.is_won(s)


def test_fc7_a_loss_proved():
    """Forecell deal 9: every cell filled at the deal, no ace free, and the few moves there are
    lead nowhere: the complete search proves it lost within a handful of positions (Freecell Solver
    agrees, below)."""
    deal_id = DealId.make("freecell", 9, {"game": "forecell"})
    result = solve_deal(deal_id, max_nodes=1_000, complete=True)
    assert result.status is Status.UNSOLVABLE and result.stats.nodes < 50


@pytest.mark.skipif(FC_SOLVE is None, reason="freecell-solver-bin is not installed")
@pytest.mark.parametrize(
    "game, number, verdict",
    [("eightoff", 1, True), ("seahaven", 3, True), ("bakers", 10, False), ("forecell", 9, False)],
)
def test_fc7_freecell_solver_agrees(game, number, verdict):
    _, s = deal("freecell", number, game=game)
    board = FC.to_fcs(s)
    assert board.count("Freecells:") == (game != "bakers")  # the cells the deal filled, when it filled any
    out = subprocess.run(["fc-solve", "-g", PRESETS[game]], input=board, capture_output=True, text=True).stdout
    assert ("This game is solveable." in out) == verdict


def test_fc7_hint_is_a_legal_move():
    for game in ("eightoff", "seahaven"):
        _, s = deal("freecell", 1, game=game)
        hint = ask_hint("freecell", s)
        assert hint.move in FC.legal_moves(s)


def test_fc7_safe_moves_home_by_suit():
    from game.games.freecell.hints import safe

    s = state("bakers", "5S 3H", "2H", foundations=("", "AH", "", ""))
    assert safe(FC, s, move("t2>f2"))  # by suit a card home is never needed again
    s = state("freecell", "5S 3H", "3C", foundations=("AS 2S", "AH 2H", "", ""))
    assert not safe(FC, s, move("t1>f2"))  # in alternate colours a black 2 could still want the red 3


def test_fc7_record_table_names_and_stars():
    _, s = deal("freecell", 1, game="eightoff")
    spec = table(s)
    assert [slot.pile for slot in spec.rows[0]] == list(CELLS[:8]) and spec.side == FOUNDATIONS[:4]
    _, s = deal("freecell", 1, game="seahaven")
    spec = table(s)
    assert len(spec.rows[0]) == len(spec.rows[1]) == 10
    assert GAME.heading_for(s) == "Seahaven Towers"
    assert GAME.option_text("game", "bakers") == "Baker's Game" and GAME.option_name("game") == "Variation"
    assert all(1 <= GAME.stars({"game": g}) <= 5 for g in FAMILY)
    assert GAME.deal_text(DealId.make("freecell", 5, {"game": "eightoff"})) == "Deal 5 · Eight Off"


def test_fc7_notation_names_eight_cells_and_ten_columns():
    _, s = deal("freecell", 1, game="eightoff")
    assert standard_notation(s, [move("t1>c5")]) == "1e"
    _, s = deal("freecell", 1, game="seahaven")
    assert standard_notation(s, [move("t10>c3")]) == "0c"


@pytest.mark.parametrize("game", FAMILY)
def test_fc7_seeds_are_rated_proved_wins(game):
    """Each game of the family has its list of proved deals (tools/make_seeds.py, rated by
    tools/rate_seeds.py); its quickest listed deal is won again with the figures of the list."""
    from game.solver.difficulty import effort_of
    from game.solver.seeds import _read, seeds_path

    path = seeds_path("freecell", {"game": game})
    assert path.name == f"freecell-game{game}.txt"
    header, numbers, efforts = _read(path)
    assert header["generator"] == "v1" and len(numbers) == 200 and "rated" in header
    quickest = min(numbers, key=lambda n: efforts[n].nodes if efforts[n] else 10**9)
    got = effort_of(GAME.solver, DealId.make("freecell", quickest, {"game": game}), 60_000)
    assert got == efforts[quickest]


def test_fc7_freecell_keeps_its_deal_ids_records_and_seeds_and_the_family_writes_its_game(tmp_path):
    """The option came after FreeCell's deals were shared: at its default it is not written, so a
    FreeCell deal ID, a record's group and the seeds list read as they did; a game of the family
    writes its name everywhere."""
    from game.core.dealid import parse_deal_id
    from game.records.rows import GROUPS
    from game.solver.seeds import seeds_name
    from game.verdict import option_label

    freecell, bakers = DealId.make("freecell", 1), DealId.make("freecell", 1, {"game": "bakers"})
    assert (str(freecell), str(bakers)) == ("freecell:1:v1", "freecell:game=bakers:1:v1")
    assert parse_deal_id("freecell:1:v1") == freecell and parse_deal_id("freecell:game=freecell:1") == freecell
    assert parse_deal_id(str(bakers)) == bakers and bakers.option("game") == "bakers"
    assert seeds_name("freecell", {}) == "freecell" and seeds_name("freecell", {"game": "seahaven"}) == (
        "freecell-gameseahaven"
    )
    assert option_label("freecell", {"game": "freecell"}) == "freecell"
    assert {"freecell:", "freecell:game=bakers", "freecell:game=eightoff"} <= set(GROUPS)
    assert "freecell:game=freecell" not in GROUPS
    assert GAME.deal_text(freecell) == "Deal 1" and GAME.deal_text(bakers) == "Deal 1 · Baker's Game"


def test_each_layout_searches_with_its_own_leaders():
    """Standard FreeCell's portfolio (solver v16) pairs its first leader with one that weighs depth
    more; the family's other layouts keep the pair their rows and seeds were made with."""
    assert leaders(deal("freecell")[1]) == WEIGHTS
    for game in FAMILY:
        assert leaders(deal("freecell", game=game)[1]) == OTHER_LAYOUTS_WEIGHTS
    assert WEIGHTS[0] == OTHER_LAYOUTS_WEIGHTS[0] and WEIGHTS[1] != OTHER_LAYOUTS_WEIGHTS[1]
