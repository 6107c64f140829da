"""FreeCell's solver moves (problem.py's FCMove) as the rules' moves, and a line of the rules' moves
in the usual FreeCell notation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.cards import NO_CARD, RANK
from game.games.freecell.rules import FreeCell, FreeCellState
from game.rules.base import MOVE, Move
from game.rules.pile import CELL, CELLS, FOUNDATIONS, TABLEAU, TABLEAUS, Pile

if TYPE_CHECKING:
    from game.games.freecell.problem import FCMove


def to_rules_moves(state: FreeCellState, moves: list[FCMove]) -> list[Move]:
    """The solver's moves as the rules' moves, replayed on the real position (real cell numbers)."""
    rules = FreeCell()
    out: list[Move] = []
    s = state
    for m in moves:
        if m.src == "c":
            src = TABLEAUS[m.src_i]
            card = s.tableau[m.src_i][-1]
        else:
            src = CELLS[s.cells.index(m.src_i)]
            card = m.src_i
        if m.dst == "h":
            slot = next(
                f
                for f, top in enumerate(s.foundations)
                if (top == NO_CARD and RANK[card] == 1) or (RANK[card] > 1 and top == card - 1)
            )
            move = Move(MOVE, src, FOUNDATIONS[slot])
        elif m.dst == "f":
            move = Move(MOVE, src, CELLS[s.cells.index(NO_CARD)])
        else:
            move = Move(MOVE, src, TABLEAUS[m.dst_i], m.size)
        out.append(move)
        s = rules.play(s, move)
    return out


def _pile_name(pile: Pile) -> str:
    if pile.kind == TABLEAU:
        return str((pile.idx + 1) % 10)  # the tenth column (Seahaven Towers) is 0
    return "abcdefgh"[pile.idx] if pile.kind == CELL else "h"


def standard_notation(state: FreeCellState, moves: list[Move]) -> str:
    """The usual FreeCell notation: columns 1-8, cells a-d, foundations h; ``57(3)`` for a run of
    three onto an empty column (onto a non-empty column the run that fits is implied)."""
    rules = FreeCell()
    tokens = []
    s = state
    for m in moves:
        token = _pile_name(m.src) + _pile_name(m.dst)
        if m.dst.kind == TABLEAU and not s.tableau[m.dst.idx] and m.size > 1:
            token += f"({m.size})"
        tokens.append(token)
        s = rules.play(s, m)
    return " ".join(tokens)
