"""The solve command's FreeCell solutions, checked by a validator that shares no code with the
game: it reads the board (from Freecell Solver's ``make-microsoft-freecell-board`` when it is
installed, else from ``python -m game deal --format fcs``) and plays the standard notation by the
rules written out here once more. FC-1 ... FC-6."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
import sys

import pytest

RANKS = {r: i + 1 for i, r in enumerate("A23456789TJQK")}
RED_SUITS = {"H", "D"}
TOKEN = re.compile(r"^([1-8a-d])([1-8a-dh])(?:\((\d+)\))?$")


def _board(number: int) -> list[list[str]]:
    exe = shutil.which("make-microsoft-freecell-board")
    if exe:
        text = subprocess.run([exe, "-t", str(number)], capture_output=True, text=True, check=True).stdout
    else:
        cmd = [sys.executable, "-m", "game", "deal", "freecell", "--deal", str(number), "--format", "fcs"]
        text = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in text.splitlines() if line.strip() and not line.startswith(("deal", "#"))]
    assert len(rows) == 8 and sum(len(r) for r in rows) == 52
    return rows


def _fits(card: str, onto: str) -> bool:
    return RANKS[onto[0]] == RANKS[card[0]] + 1 and (onto[1] in RED_SUITS) != (card[1] in RED_SUITS)


def _ordered(run: list[str]) -> bool:
    return all(_fits(run[i + 1], run[i]) for i in range(len(run) - 1))


def play(columns: list[list[str]], line: str) -> bool:
    """Play the tokens; an illegal one fails the test. True when every card ends home."""
    cells: dict[str, str | None] = dict.fromkeys("abcd")
    home = dict.fromkeys("SHDC", 0)
    for token in line.split():
        m = TOKEN.match(token)
        assert m, f"not a move: {token}"
        src, dst, count = m.group(1), m.group(2), m.group(3)
        free = sum(1 for c in cells.values() if c is None)
        empty = sum(1 for col in columns if not col)
        if src.isdigit():
            col = columns[int(src) - 1]
            assert col, f"{token}: column {src} is empty"
            if dst.isdigit():
                target = columns[int(dst) - 1]
                if target:
                    ks = [k for k in range(1, len(col) + 1) if _fits(col[-k], target[-1]) and _ordered(col[-k:])]
                    assert len(ks) == 1 and count is None, f"{token}: no run fits"
                    k, limit = ks[0], (free + 1) << empty
                else:
                    k, limit = int(count or 1), (free + 1) << (empty - 1)
                    assert _ordered(col[-k:]), f"{token}: not a run"
                assert k <= limit, f"{token}: {k} cards, at most {limit} may move"
                target.extend(col[-k:])
                del col[-k:]
                continue
            card = col.pop()
        else:
            card = cells[src]
            assert card is not None, f"{token}: free cell {src} is empty"
            cells[src] = None
        if dst == "h":
            assert home[card[1]] == RANKS[card[0]] - 1, f"{token}: {card} cannot go home"
            home[card[1]] += 1
        elif dst.isdigit():
            target = columns[int(dst) - 1]
            assert not target or _fits(card, target[-1]), f"{token}: {card} does not fit"
            target.append(card)
        else:
            assert cells[dst] is None, f"{token}: free cell {dst} is taken"
            cells[dst] = card
    return all(v == 13 for v in home.values())


def test_fc4_freecell_solutions_pass_an_independent_validator():
    cmd = [sys.executable, "-m", "game", "solve", "freecell", "--deals", "1-12", "--moves"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    checked = 0
    for head, line in itertools.pairwise(out):
        if head.startswith("freecell:") and head.split()[1] == "solved":
            number = int(head.split(":")[1])
            assert play(_board(number), line), f"deal {number} does not end with every card home"
            checked += 1
    assert checked == 12


def test_the_validator_refuses_an_illegal_line():
    with pytest.raises(AssertionError):
        play(_board(1), "1h")  # the 6 of spades cannot go home
