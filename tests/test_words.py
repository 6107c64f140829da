"""Words a player reads never show the code's names for places (t3, f1, c2, p7.1, g2.13, s, w):
every reason for an illegal move and every "cannot pick that up" over many positions of every
game is swept for them."""

from __future__ import annotations

import random
import re

import pytest

from game.core.dealid import DealId
from game.games import GAMES
from game.rules.base import DEAL, DRAW, MOVE, NO_PILE, PAIR, RECYCLE, REDEAL, Move

INTERNAL = re.compile(r"(?<![\w'])([tfcg]\d+|p\d\.\d+|g\d\.\d+|[swd])(?![\w'])")


def positions(game, count: int = 8):
    rng = random.Random(game.name)
    for number in range(1, 4):
        state = game.rules.deal(DealId.make(game.name, number))
        for _ in range(count):
            yield state
            moves = game.rules.legal_moves(state)
            if not moves:
                break
            state = game.rules.play(state, rng.choice(moves))


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_no_internal_pile_names_in_any_reason_a_player_reads(game):
    seen = 0
    for state in positions(game):
        piles = list(game.rules.piles(state)) + [NO_PILE]
        messages = []
        for src in piles:
            cards, _ = game.rules.piles(state).get(src, ((), 0))
            for index in range(-1, len(cards)):
                messages.append(game.rules.lift_reason(state, src, index) if index >= 0 else None)
            for dst in piles:
                for size in (1, 2, 3):
                    messages.append(game.rules.check(state, Move(MOVE, src, dst, size)))
                messages.append(game.rules.check(state, Move(PAIR, src, dst)))
        for kind in (DRAW, RECYCLE, DEAL, REDEAL):
            messages.append(game.rules.check(state, Move(kind)))
        for text in filter(None, messages):
            seen += 1
            assert not INTERNAL.search(text), text
    assert seen > 100
