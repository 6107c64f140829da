"""FreeCell: SPEC FC-1 ... FC-6, and Freecell Solver's board format."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter

import pytest
from helpers import c, cards, columns, deal, move, play

from game.core.cards import NO_CARD
from game.core.errors import IllegalMove
from game.games.freecell.rules import FreeCell, FreeCellState, max_run

FC = FreeCell()


def state(*cols: str, cells=("", "", "", ""), foundations=("", "", "", "")):
    tableau, _ = columns(*cols, *([""] * (8 - len(cols))))
    return FreeCellState(
        tableau,
        tuple(c(x) if x else NO_CARD for x in cells),
        tuple(cards(f)[-1] if f else NO_CARD for f in foundations),
    )


def test_fc1_layout():
    _, s = deal("freecell", 1)
    assert [len(col) for col in s.tableau] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert Counter(x for col in s.tableau for x in col) == Counter(range(52))
    assert s.cells == (NO_CARD,) * 4 and s.foundations == (NO_CARD,) * 4


def test_fc6_deal_1_as_microsoft_deals_it():
    _, s = deal("freecell", 1)
    assert s.tableau[0] == cards("JD KD 2S 4C 3S 6D 6S")
    assert s.tableau[1] == cards("2D KC KS 5C TD 8S 9C")


def test_fc2_moves_of_a_last_card():
    s = state("5H 9S", "TH", "8D", cells=("4C", "", "", ""), foundations=("AS 2S 3S 4S 5S 6S 7S 8S", "", "", ""))
    legal = {str(m) for m in FC.legal_moves(s)}
    assert {"t1>t2", "t1>f1", "t1>c2", "t1>c3", "t1>c4", "c1>t4"} <= legal
    s2, _ = play(FC, s, "t1>c2")
    assert s2.cells[1] == c("9S") and s2.tableau[0] == cards("5H")
    s3, _ = play(FC, s2, "c2>t2")
    assert s3.tableau[1] == cards("TH 9S")
    with pytest.raises(IllegalMove, match="taken"):
        FC.apply(s, move("t1>c1"))
    with pytest.raises(IllegalMove, match="other colour"):
        FC.apply(s, move("t2>t1"))
    with pytest.raises(IllegalMove, match="stay"):
        FC.apply(s, move("f1>t2"))


def test_fc3_empty_column_takes_any_card():
    s = state("5H 9S", "", "8D")
    assert "t3>t2" in {str(m) for m in FC.legal_moves(s)}
    s2, _ = play(FC, s, "t1>t2")
    assert s2.tableau[1] == cards("9S")


def test_fc4_run_limit_formula():
    assert max_run(0, 0) == 1
    assert max_run(4, 0) == 5
    assert max_run(1, 1) == 4
    assert max_run(2, 2) == 12


def test_fc4_runs_up_to_the_limit_move_and_longer_are_refused_with_the_limit():
    run = "TS 9H 8S 7H 6S"
    full = ("KD", "KC", "QH", "QS")
    s = state(run, "JH", "KH", "KS", "QD", "QC", "JD", "JC", cells=full)  # no free cell, no empty column
    with pytest.raises(IllegalMove) as e:
        FC.apply(s, move("t1>t2x5"))
    assert "at most 1" in e.value.reason
    s = state(run, "JH", "KH", "KS", "QD", "QC", "JD", "JC", cells=("KD", "KC", "", ""))
    with pytest.raises(IllegalMove, match="at most 3"):
        FC.apply(s, move("t1>t2x5"))
    s = state(run, "JH", "KH", "KS", "QD", "QC", "JD", "", cells=("KD", "", "", ""))  # 3 cells, 1 empty column
    assert "t1>t2x5" in {str(m) for m in FC.legal_moves(s)}  # (3+1) * 2 = 8


def test_fc4_destination_empty_column_does_not_count():
    run = "TS 9H 8S 7H 6S"
    s = state(run, "", "KH", "KS", "QD", "QC", "JD", "JC", cells=("KD", "KC", "", ""))
    legal = {str(m) for m in FC.legal_moves(s)}
    assert "t1>t2x3" in legal and "t1>t2x4" not in legal  # (2+1) * 2^0 = 3 into the empty column
    with pytest.raises(IllegalMove, match="at most 3") as refused:
        FC.apply(s, move("t1>t2x4"))
    # the column the run goes into is the one a player sees empty: the reason says the others count
    assert "into an empty column" in refused.value.reason and "0 other empty columns" in refused.value.reason


def test_fc5_win():
    tops = (
        "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC",
    )
    s = state(cells=("KC", "", "", ""), foundations=tops)
    assert not FC.is_won(s)
    assert FC.is_certain(s) and str(FC.collect_move(s)) == "c1>f4"
    assert FC.is_won(play(FC, s, "c1>f4")[0])


def test_fcs_format_matches_make_microsoft_freecell_board_text():
    _, s = deal("freecell", 1)
    assert FC.to_fcs(s).splitlines()[0] == "JD KD 2S 4C 3S 6D 6S"
    assert len(FC.to_fcs(s).splitlines()) == 8


def test_fcs_format_shows_cells_foundations_and_empty_columns():
    s = state("5H 9S", cells=("4C", "", "", ""), foundations=("AS 2S", "", "", ""))
    text = FC.to_fcs(s)
    assert "Foundations: S-2 H-0 D-0 C-0" in text
    assert "Freecells: 4C - - -" in text
    assert ": 5H 9S" in text.splitlines()


MAKE_BOARD = shutil.which("make-microsoft-freecell-board")
FC_SOLVE = shutil.which("fc-solve")


@pytest.mark.skipif(MAKE_BOARD is None, reason="freecell-solver-bin is not installed")
@pytest.mark.parametrize("number", [1, 2, 617, 1941, 11982, 31999, 32000, 100000, 2**31 - 1])
def test_fc6_deals_agree_with_make_microsoft_freecell_board(number):
    expected = subprocess.run([MAKE_BOARD, "-t", str(number)], capture_output=True, text=True, check=True).stdout
    _, s = deal("freecell", number)
    assert FC.to_fcs(s) == expected


@pytest.mark.skipif(FC_SOLVE is None, reason="freecell-solver-bin is not installed")
def test_fc_solve_reads_the_deal_command_output():
    board = subprocess.run(
        [sys.executable, "-m", "game", "deal", "freecell", "--deal", "1", "--format", "fcs"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    out = subprocess.run([FC_SOLVE], input=board, capture_output=True, text=True, timeout=60).stdout
    assert "This game is solveable." in out
