"""Forty & Eight: SPEC FE-1 ... FE-4 as KPat deals it, the text form with the redeal left, CM-1,
CM-4 (illegal moves change nothing and say why), CM-6 (undo of the redeal), CM-20's hint that never
peeks, and the solver, whose positions after a redeal carry the new stock, against a plain search
of the rules' moves."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import cards, deal, move, play

from game.core.cards import NO_CARD, Card
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.fortyeight.rules import FortyEight
from game.rules.base import DRAW_MOVE, RECYCLE_MOVE, Moved, Recycled
from game.rules.history import History
from game.rules.pile import STOCK_PILE, TABLEAUS, WASTE_PILE
from game.rules.thieves import DECK, ThievesState

FE = FortyEight()


def state(*cols: str, stock: str = "", waste: str = "", home: str = "", redeals: int = 1) -> ThievesState:
    """A position of the columns given (the others empty), ``home`` the foundations' top cards."""
    tableau = tuple(cards(t) for t in cols) + ((),) * (8 - len(cols))
    tops = list(cards(home)) + [NO_CARD] * (8 - len(cards(home)))
    return ThievesState(tableau, cards(stock), cards(waste), tuple(tops), redeals)


def every_card(s: ThievesState) -> Counter[Card]:
    found = [x for col in s.tableau for x in col] + list(s.stock) + list(s.waste)
    for top in s.foundations:
        if top != NO_CARD:
            found += range(top - top % 13, top + 1)
    return Counter(found)


# -- FE-1 ... FE-4 ---------------------------------------------------------------------------------


def test_fe1_two_decks_eight_columns_of_four_face_up_as_kpat_and_the_first_card_on_the_waste():
    """KPat's dealer (src/fortyeight.cpp) deals four rows of eight and turns the stock's first
    card; the SPEC's digest says five cards, the traditional game's (docs/rules.md)."""
    _, s = deal("fortyeight", 3)
    assert every_card(s) == Counter(DECK)
    assert [len(col) for col in s.tableau] == [4] * 8
    assert len(s.waste) == 1 and len(s.stock) == 104 - 32 - 1
    assert FE.piles(s)[STOCK_PILE] == (s.stock, 71)  # the stock face down, the rest face up
    assert s.foundations == (NO_CARD,) * 8 and s.redeals == 1
    assert FE.seen(s) == {("s", 71)}  # the card the deal turned is seen


def test_fe1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    _, a = deal("fortyeight", 77)
    _, b = deal("fortyeight", 77)
    _, other = deal("fortyeight", 78)
    assert a == b and a != other


def test_fe2_a_card_goes_on_its_own_suit_one_rank_higher_one_card_at_a_time():
    s = state("9H 8H", "9H", "9S", "7C KD", stock="2C")
    legal = {str(m) for m in FE.legal_moves(s)}
    assert "t1>t2" in legal and "t1>t3" not in legal
    assert "t1>t2x2" not in legal and "t4>t1" not in legal
    assert {"t1>t5", "t4>t8"} <= legal  # an empty column takes any card
    s2, events = play(FE, s, "t1>t2")
    assert s2.tableau[1] == cards("9H 8H") and events == [Moved(TABLEAUS[0], TABLEAUS[1], cards("8H"))]


def test_fe3_the_waste_goes_back_to_the_stock_once_in_its_order_then_never_again():
    s = state("KS", stock="2C 3D", waste="9H")
    s2, _ = play(FE, s, "draw", "draw")
    assert s2.stock == () and s2.waste == cards("9H 3D 2C")
    assert FE.stock_moves(s2) == [RECYCLE_MOVE]
    with pytest.raises(IllegalMove, match="tap it to turn the waste over"):
        FE.apply(s2, DRAW_MOVE)
    s3, events = FE.apply(s2, RECYCLE_MOVE)
    assert events == [Recycled(WASTE_PILE, STOCK_PILE, 3)]
    assert s3.stock == cards("2C 3D 9H") and s3.waste == () and s3.redeals == 0
    s4, _ = play(FE, s3, "draw")
    assert s4.waste == cards("9H")  # the first card turned comes first again
    s5, _ = play(FE, s4, "draw", "draw")
    assert FE.stock_moves(s5) == []
    for turn in DRAW_MOVE, RECYCLE_MOVE:
        with pytest.raises(IllegalMove, match="No redeals are left"):
            FE.apply(s5, turn)
    with pytest.raises(IllegalMove, match="still has cards"):
        FE.apply(s, RECYCLE_MOVE)


def test_fe4_all_104_cards_home_wins_and_cm12_over_only_with_the_redeal_spent():
    every_king = " ".join(f"K{x}" for x in "SHDC" for _ in range(2))
    assert FE.is_won(state(home=every_king))
    stuck = ["2S", "2S", "4S", "4S", "6S", "6S", "8S", "8S"]
    waiting = state(*stuck, waste="TS")
    assert FE.legal_moves(waiting) == [RECYCLE_MOVE] and not FE.is_over(waiting)
    done = state(*stuck, waste="TS", redeals=0)
    assert FE.legal_moves(done) == [] and FE.is_over(done) and not FE.is_won(done)


# -- CM rules ----------------------------------------------------------------------------------------


def test_cm4_illegal_actions_change_nothing_and_say_why():
    s = state("9H 8H", "9S", "", stock="2C", waste="5D")
    for text, words in [
        ("t1>t2", "next higher card of its own suit"),
        ("t1>t3x2", "one at a time"),
        ("t1>f1", "foundation builds up"),
        ("t2>w", "cannot be put back"),
        ("s>t3", "Tap the stock"),
    ]:
        with pytest.raises(IllegalMove) as e:
            FE.apply(s, move(text))
        assert words in e.value.reason, text
    assert s == state("9H 8H", "9S", "", stock="2C", waste="5D")
    assert "are empty" in (FE.check(state("KS"), DRAW_MOVE) or "")


def test_cm6_undo_takes_back_the_redeal_and_every_card_stays_seen():
    rules, s = deal("fortyeight", 8)
    h = History(rules, s)
    while h.state.stock:
        h.play(DRAW_MOVE)
    h.play(RECYCLE_MOVE)
    s = h.state
    from game.hints.thieves import hidden_places

    assert hidden_places(s, h.seen) == []  # every card of the new stock went through the waste
    h.undo()
    assert h.state.stock == () and h.state.redeals == 1 and len(h.state.waste) == 72


def test_the_text_form_round_trips_mid_game_with_the_redeal_and_refuses_damage():
    rules, s = deal("fortyeight", 4)
    rng = random.Random(4)
    for _ in range(300):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s = rules.play(s, rng.choice(legal))
        assert rules.parse(rules.to_text(s)) == s
        assert every_card(s) == Counter(DECK)
    good = rules.to_text(rules.deal(DealId.make("fortyeight", 4)))
    assert "redeals: 1" in good
    for spoil, message in [
        (lambda t: t.replace("redeals: 1", "redeals: 2"), "redeals"),
        (lambda t: t.replace("stock: #", "stock: #AS #"), "cards do not add up"),
        (lambda t: t.replace("tableau8:", "tableau9:"), "no 'tableau8:'"),
    ]:
        with pytest.raises(ParseError, match=message):
            rules.parse(spoil(good))


# -- hints (CM-20) and the solver ------------------------------------------------------------------


def test_cm20_the_hint_never_peeks_the_same_for_any_order_of_the_unturned_stock():
    from helpers import ask_hint

    from game.hints.thieves import hidden_places
    from game.solver.sampling import arrangements

    rules, s = deal("fortyeight", 12)
    seen = rules.seen(s)
    assert len(hidden_places(s, seen)) == 71
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and rules.seen(twin) == seen
    a, b = ask_hint("fortyeight", s, seen), ask_hint("fortyeight", twin, seen)
    assert a == b and a.move in rules.legal_moves(s) and a.reason


def test_the_solver_wins_a_deal_through_the_redeal_and_its_line_replays_to_a_win():
    from helpers import solve_deal

    from game.solver.engine import Status

    result = solve_deal(DealId.make("fortyeight", 16), max_nodes=30_000)
    assert result.status is Status.SOLVED
    s = FE.deal(DealId.make("fortyeight", 16))
    for m in result.moves:
        s, _ = FE.apply(s, m)
    assert FE.is_won(s)


def _plain_search(s: ThievesState, limit: int = 200_000) -> bool | None:
    """Whether the rules' own moves win from ``s``: every position, no pruning (None: too many)."""
    seen: set[object] = set()
    todo = [s]
    while todo:
        x = todo.pop()
        if FE.is_won(x):
            return True
        key = (tuple(sorted(x.tableau)), x.stock, x.waste, x.redeals)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > limit:
            return None
        todo += [FE.play(x, m) for m in FE.legal_moves(x)]
    return False


def _endgame(rng: random.Random) -> ThievesState:
    """A late position: two suits of two decks partly home, their other cards in the columns, the
    stock and the waste; every other suit home."""
    suits = rng.sample("SHDC", 2)
    home = [f"K{x}" for x in "SHDC" if x not in suits for _ in range(2)]
    loose: list[str] = []
    for x in suits:
        for _ in range(2):
            h = rng.randint(7, 10)
            home.append(f"{'A23456789TJQK'[h - 1]}{x}")
            loose += [f"{'A23456789TJQK'[r - 1]}{x}" for r in range(h + 1, 14)]
    rng.shuffle(loose)
    stock, waste, loose = loose[:5], loose[5:7], loose[7:]
    cols: list[list[str]] = [[] for _ in range(8)]
    for k, card in enumerate(loose):
        cols[k if k < 8 else rng.randrange(8)].append(card)
    return state(*(" ".join(col) for col in cols), stock=" ".join(stock), waste=" ".join(waste), home=" ".join(home))


def test_the_solver_agrees_with_a_plain_search_of_the_rules_moves():
    """The solver's moves and its safe moves home lose nothing: on random endgames (each won) and
    on a position lost whatever the stock and the redeal bring, it finds what a search of every
    legal move finds."""
    from helpers import solve_position

    from game.solver.engine import Status

    rng = random.Random(48)
    for _ in range(6):
        s = _endgame(rng)
        assert _plain_search(s) is True
        assert solve_position("fortyeight", s, max_nodes=50_000).status is Status.SOLVED
    kings = ["QS KH", "QS KH", "QH KD", "QH KD", "QD KC", "QD KC", "QC KS", "QC KS"]
    lost = state(*kings, stock="TS", waste="9S", home="8S 8S JH JH JD JD JC JC")
    assert _plain_search(lost) is False
    assert solve_position("fortyeight", lost, max_nodes=50_000).status is Status.UNSOLVABLE


def test_after_a_redeal_the_search_tells_positions_apart_by_the_new_stock_not_only_its_size():
    """Two lines that empty the same columns may leave the waste in other orders: after the
    redeal their stocks hold the same number of cards but not the same cards in the same order,
    and the search must not take one for the other (it would prove wins lost)."""
    from game.solver.thieves import REDEAL, ThievesProblem

    a = state("KS", waste="9S 8S 7S")
    b = state("KS", waste="7S 8S 9S")
    problem = ThievesProblem(a)
    after_a = problem.play(problem.start(), REDEAL)
    after_b = problem.play(ThievesProblem(b).start(), REDEAL)
    assert after_a.stock == after_b.stock == 3 and after_a.cols == after_b.cols
    assert problem.key(after_a) != problem.key(after_b)
    assert problem.key(after_a) == problem.key(problem.play(problem.start(), REDEAL))
