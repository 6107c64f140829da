"""Properties of every variant under random legal play (hypothesis): each card exactly once; undo
returns exactly the previous position and redo the next; an illegal move changes nothing;
``parse(to_text(s)) == s``; ``play`` agrees with ``apply``."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.cards import NO_CARD, RANK
from game.core.dealid import DealId
from game.core.errors import IllegalMove
from game.games.addiction.rules import GRID_CELLS
from game.games.pyramid.rules import PYRAMID_SLOTS
from game.games.spider.rules import spider_deck
from game.rules.base import DEAL_MOVE, DRAW_MOVE, MOVE, PAIR, RECYCLE_MOVE, REDEAL_MOVE, Move
from game.rules.foundations import foundation_cards
from game.rules.history import History
from game.rules.pile import CELLS, DISCARD_PILE, FOUNDATIONS, NO_PILE, STOCK_PILE, TABLEAUS, WASTE_PILE, Pile
from game.rules.registry import rules_for

CONFIGS = [
    ("klondike", {"draw": "1"}),
    ("klondike", {"draw": "3", "redeals": "1"}),
    ("spider", {"suits": "1"}),
    ("spider", {"suits": "2"}),
    ("spider", {"suits": "4"}),
    ("freecell", {}),
    ("pyramid", {}),
    ("golf", {}),
    ("yukon", {}),
    ("addiction", {"redeals": "3"}),
]


def all_cards(variant: str, s) -> Counter:
    """Every card of the position, wherever it is (removed Pyramid/Golf cards are counted by what is left)."""
    if variant in ("klondike", "freecell", "yukon"):
        found = [x for col in s.tableau for x in col] + [x for top in s.foundations for x in foundation_cards(top)]
        if variant == "klondike":
            found += list(s.stock) + list(s.waste)
        if variant == "freecell":
            found += [x for x in s.cells if x != NO_CARD]
        return Counter(found)
    if variant == "spider":
        found = [x for col in s.tableau for x in col] + list(s.stock)
        for suit in s.completed:
            found += range(suit * 13, suit * 13 + 13)
        return Counter(found)
    if variant == "golf":
        return Counter([x for col in s.tableau for x in col] + list(s.stock) + list(s.waste))
    if variant == "pyramid":
        left = [x for x in s.pyramid if x != NO_CARD] + list(s.stock) + list(s.waste)
        return Counter(left)
    return Counter(x for x in s.grid if x != NO_CARD)


def expected_cards(variant: str, s) -> Counter:
    if variant == "spider":
        return Counter(spider_deck(s.suits))
    if variant == "addiction":
        return Counter(x for x in range(52) if RANK[x] != 1)
    return Counter(range(52))


def random_illegal_candidates(rules, s):
    """Moves of all shapes and kinds, most of them illegal, some naming piles the variant lacks: of
    those, the first of each kind (the first column past the last, FreeCell's fifth foundation,
    Pyramid's first slot in Klondike) and a column far past the last; the others of a kind the
    variant lacks are no other case (they were three quarters of the moves tried)."""
    every = [*TABLEAUS, *FOUNDATIONS[:5], *CELLS, STOCK_PILE, WASTE_PILE, NO_PILE, DISCARD_PILE]
    every += [*PYRAMID_SLOTS[:3], *PYRAMID_SLOTS[-8:], *GRID_CELLS[:3], *GRID_CELLS[-3:]]
    own, lacked, piles = set(rules.piles(s)), set(), []
    for p in every:
        if p not in own:
            if p.kind in lacked:
                continue
            lacked.add(p.kind)
        piles.append(p)
    piles.append(Pile("tableau", 99))
    for src in piles:
        for dst in piles:
            for size in (0, 1, 2, 5, 30):
                yield Move(MOVE, src, dst, size)
            yield Move(PAIR, src, dst)
    yield from (DRAW_MOVE, RECYCLE_MOVE, DEAL_MOVE, REDEAL_MOVE, Move("teleport", STOCK_PILE, WASTE_PILE))


@pytest.mark.parametrize("variant, options", CONFIGS, ids=[f"{v}-{'-'.join(o.values())}" for v, o in CONFIGS])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(number=st.integers(1, 2**31 - 1), choices=st.lists(st.integers(0, 10**6), min_size=1, max_size=120))
def test_random_legal_play_keeps_every_invariant(variant, options, number, choices):
    rules = rules_for(variant)
    start = rules.deal(DealId.make(variant, number, options))
    history = History(rules, start)
    previous = [start]
    for k in choices:
        s = history.state
        # each card exactly once (a multiset for Spider's two decks), counted from the piles the
        # table draws (rules.cards) and, for the seven games, once more from the state's fields
        have = Counter(rules.cards(s))
        assert have == expected_cards(variant, s)
        if variant in ("klondike", "spider", "freecell", "yukon", "golf", "addiction"):
            assert all_cards(variant, s) == have
        elif variant == "pyramid":  # the removed cards lie on the discard pile, on the table
            assert max(all_cards(variant, s).values()) == 1
        assert rules.parse(rules.to_text(s)) == s
        moves = rules.legal_moves(s)
        if not moves:
            assert rules.is_over(s)
            break
        m = moves[k % len(moves)]
        new, events = rules.apply(s, m)
        assert rules.play(s, m) == new  # the fast path agrees
        assert events or new != s
        history.play(m)
        assert history.state == new
        if k % 7 == 0:  # undo returns exactly the previous position, redo the next
            history.undo()
            assert history.state == s
            history.redo()
            assert history.state == new
        previous.append(new)
    # the recorded line replays, from a freshly dealt start, to the very same position (what a save
    # and a replay rely on); and every undo on the way back equals an independent replay
    fresh = rules.deal(DealId.make(variant, number, options))
    line = list(history.moves)
    assert History.replay(rules, fresh, line).state == history.state
    for k in range(len(line) - 1, max(-1, len(line) - 6), -1):
        history.undo()
        assert history.state == History.replay(rules, fresh, line[:k]).state


ONE_EACH = [CONFIGS[i] for i in (0, 3, 5, 6, 7, 8, 9)]


@pytest.mark.parametrize("variant, options", ONE_EACH, ids=[v for v, _ in ONE_EACH])
@settings(max_examples=8, deadline=None)
@given(number=st.integers(1, 2**31 - 1), steps=st.integers(0, 40))
def test_illegal_moves_raise_with_a_reason_and_change_nothing(variant, options, number, steps):
    rules = rules_for(variant)
    s = rules.deal(DealId.make(variant, number, options))
    for i in range(steps):
        moves = rules.legal_moves(s)
        if not moves:
            break
        s = rules.play(s, moves[(i * 7919) % len(moves)])
    before = rules.to_text(s)
    legal = set(rules.legal_moves(s))
    for m in random_illegal_candidates(rules, s):
        if rules.normalise(m) in legal:
            continue
        with pytest.raises(IllegalMove) as e:
            rules.apply(s, m)
        assert e.value.reason and len(e.value.reason) < 140
    assert rules.to_text(s) == before


@pytest.mark.parametrize("variant", ["klondike", "golf", "pyramid", "spider"])
def test_a_stock_turn_is_legal_exactly_when_legal_moves_lists_it(variant):
    """CM-8: a saved game's stock turns are checked against the stock's own moves (fast replays of
    long games); over random play, that agrees with the full list of legal moves every time."""
    import random

    from game.core.dealid import DealId
    from game.rules.base import DEAL_MOVE, DRAW_MOVE, RECYCLE_MOVE
    from game.rules.registry import start

    rng = random.Random(7)
    for number in range(1, 6):
        rules, state = start(DealId.make(variant, number))
        for _ in range(150):
            legal = rules.legal_moves(state)
            for m in (DRAW_MOVE, RECYCLE_MOVE, DEAL_MOVE):
                assert rules.is_legal(state, m) == (m in legal), (variant, number, m)
            if not legal:
                break
            state, _ = rules.apply(state, rng.choice(legal))
