"""Forty Thieves: SPEC FT-1 ... FT-4, the text form, CM-1 (the same deal every time), CM-4 (illegal
moves change nothing), CM-5 (auto-collect once certain), CM-6 (undo), CM-12 (over only with no
move left), CM-20's safe move for two decks built in suit and hints that never peek, and the solver
against a plain search of the rules' moves."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import c, cards, deal, move, play

from game.core.cards import NO_CARD, Card
from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.fortythieves.rules import FortyThieves
from game.rules.base import DRAW_MOVE, RECYCLE_MOVE, Moved
from game.rules.history import History
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE
from game.rules.thieves import DECK, ThievesState

FT = FortyThieves()
SUIT_OF = {"S": 0, "H": 1, "D": 2, "C": 3}


def state(*cols: str, stock: str = "", waste: str = "", home: str = "") -> ThievesState:
    """A position of the columns given (the others empty), ``home`` the foundations' top cards."""
    tableau = tuple(cards(t) for t in cols) + ((),) * (10 - len(cols))
    tops = list(cards(home)) + [NO_CARD] * (8 - len(cards(home)))
    return ThievesState(tableau, cards(stock), cards(waste), tuple(tops))


def every_card(s: ThievesState) -> Counter[Card]:
    found = [x for col in s.tableau for x in col] + list(s.stock) + list(s.waste)
    for top in s.foundations:
        if top != NO_CARD:
            found += range(top - top % 13, top + 1)
    return Counter(found)


# -- FT-1 ... FT-4 ---------------------------------------------------------------------------------


def test_ft1_two_decks_ten_columns_of_four_face_up_eight_empty_foundations_and_64_in_the_stock():
    _, s = deal("fortythieves", 3)
    assert every_card(s) == Counter(DECK)
    assert [len(col) for col in s.tableau] == [4] * 10
    assert all(down == 0 for _, down in FT.piles(s).values() if _ and _ != s.stock)
    assert FT.piles(s)[STOCK_PILE] == (s.stock, 64)  # the stock is face down, the columns face up
    assert len(s.stock) == 64 and s.waste == () and s.foundations == (NO_CARD,) * 8


def test_ft1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    _, a = deal("fortythieves", 77)
    _, b = deal("fortythieves", 77)
    _, other = deal("fortythieves", 78)
    assert a == b and a != other


def test_ft2_a_card_goes_on_its_own_suit_one_rank_higher_one_card_at_a_time():
    s = state("9H 8H", "9H", "9S", "7C KD", stock="2C")
    legal = {str(m) for m in FT.legal_moves(s)}
    assert "t1>t2" in legal  # 8H on 9H
    assert "t1>t3" not in legal  # 9S is another suit
    assert "t1>t2x2" not in legal and "t4>t1" not in legal  # one card at a time; KD on no card
    s2, events = play(FT, s, "t1>t2")
    assert s2.tableau[0] == cards("9H") and s2.tableau[1] == cards("9H 8H")
    assert events == [Moved(TABLEAUS[0], TABLEAUS[1], cards("8H"))]
    assert FT.lift_reason(s, TABLEAUS[0], 0) is not None and FT.lift_reason(s, TABLEAUS[0], 1) is None


def test_ft2_an_empty_column_takes_any_card_from_a_column_or_the_waste():
    s = state("9H 8H", "QS", waste="3D 7C")
    legal = {str(m) for m in FT.legal_moves(s)}
    assert {"t1>t3", "t2>t3", "w>t3", "t1>t10", "w>t10"} <= legal
    s2, _ = play(FT, s, "w>t5")
    assert s2.tableau[4] == cards("7C") and s2.waste == cards("3D")


def test_ft2_a_card_home_from_a_column_or_the_waste_and_the_second_ace_starts_its_own_foundation():
    s = state("AS", "2S", waste="AS", home="KS")  # foundation 1 holds all 13 spades of one deck
    legal = {str(m) for m in FT.legal_moves(s)}
    assert "t1>f1" not in legal and "w>f1" not in legal  # a full foundation takes no second ace
    assert {"t1>f2", "w>f8"} <= legal
    s2, _ = play(FT, s, "t1>f3", "t2>f3")
    assert s2.foundations[2] == c("2S")
    with pytest.raises(IllegalMove, match="foundations stay"):
        FT.apply(s2, move("f3>t1"))


def test_ft3_a_tap_turns_one_card_onto_the_waste_and_the_waste_never_goes_back():
    s = state("KS", stock="2C 3D 4H")
    s1, events = FT.apply(s, DRAW_MOVE)
    assert s1.stock == cards("2C 3D") and s1.waste == cards("4H")
    assert events == [Moved(STOCK_PILE, WASTE_PILE, cards("4H"))]
    s3, _ = play(FT, s1, "draw", "draw")
    assert s3.stock == () and s3.waste == cards("4H 3D 2C")
    assert FT.stock_moves(s3) == [] and all(m.kind != "recycle" for m in FT.legal_moves(s3))
    for turn in DRAW_MOVE, RECYCLE_MOVE:
        with pytest.raises(IllegalMove, match="no redeal"):
            FT.apply(s3, turn)
    assert FT.lift_reason(s3, WASTE_PILE, 1) is not None and FT.lift_reason(s3, WASTE_PILE, 2) is None


def test_ft4_all_104_cards_home_wins_and_cm12_over_only_when_no_move_is_left():
    every_king = " ".join(f"K{x}" for x in "SHDC" for _ in range(2))
    assert FT.is_won(state(home=every_king))
    one_short = " ".join(["QS"] + [f"K{x}" for x in "SHDC" for _ in range(2)][1:])
    s = state("KS", home=one_short)
    assert not FT.is_won(s) and not FT.is_over(s)
    won, _ = play(FT, s, "t1>f1")
    assert FT.is_won(won) and FT.is_over(won)
    stuck = state(*(["2S"] * 2 + ["4S"] * 2 + ["6S"] * 2 + ["8S"] * 2 + ["TS"] * 2))
    assert FT.legal_moves(stuck) == [] and FT.is_over(stuck) and not FT.is_won(stuck)


# -- CM rules ----------------------------------------------------------------------------------------


def test_cm4_illegal_actions_change_nothing_and_say_why():
    s = state("9H 8H", "9S", "", stock="2C", waste="5D")
    for text, words in [
        ("t1>t2", "next higher card of its own suit"),
        ("t1>t3x2", "one at a time"),
        ("t1>f1", "foundation builds up"),
        ("t1>t1", "already"),
        ("w>t2", "next higher card of its own suit"),
        ("t2>w", "cannot be put back"),
        ("s>t3", "Tap the stock"),
        ("t4>t3", "That column is empty"),
    ]:
        with pytest.raises(IllegalMove) as e:
            FT.apply(s, move(text))
        assert words in e.value.reason, text
    assert s == state("9H 8H", "9S", "", stock="2C", waste="5D")
    assert "no redeal" in (FT.check(state("KS"), DRAW_MOVE) or "")


def test_cm5_once_the_stock_is_out_and_no_card_lies_on_a_lower_one_the_rest_is_collected():
    home = "KH KH KD KD KC KC"  # the spades of both decks are left
    down = " ".join(f"{r}S" for r in "KQJT98765432A")
    rng = random.Random(5)
    spades = [f"{r}S" for r in "A23456789TJQK"]
    rng.shuffle(spades)
    split = sorted(spades[:6], key=lambda t: "A23456789TJQK".index(t[0]), reverse=True)
    rest = sorted(spades[6:], key=lambda t: "A23456789TJQK".index(t[0]), reverse=True)
    s = state(down, " ".join(split[:3]), " ".join(split[3:]), waste=" ".join(rest), home=home)
    assert FT.is_certain(s)
    while not FT.is_won(s):
        m = FT.collect_move(s)
        assert m is not None and m.dst in FOUNDATIONS
        s, _ = FT.apply(s, m)
    assert not FT.is_certain(state("2S 3S", home="AS")) and not FT.is_certain(state("KS", stock="AS"))


def test_cm6_undo_takes_back_a_turn_of_the_stock_and_the_card_turned_stays_known():
    rules, s = deal("fortythieves", 8)
    h = History(rules, s)
    h.play(DRAW_MOVE)
    h.undo()
    assert h.state == s and ("s", 63) in h.seen and ("s", 62) not in h.seen
    from game.hints.thieves import hidden_places

    assert len(hidden_places(s, h.seen)) == 63  # the card turned and taken back is not dealt again


def test_the_text_form_round_trips_mid_game_and_refuses_damage():
    rules, s = deal("fortythieves", 4)
    rng = random.Random(4)
    for _ in range(120):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s = rules.play(s, rng.choice(legal))
        assert rules.parse(rules.to_text(s)) == s
    good = rules.to_text(rules.deal(DealId.make("fortythieves", 4)))
    for spoil, message in [
        (lambda t: t.replace("stock: #", "stock: #AS #"), "cards do not add up"),
        (lambda t: t.replace("stock: #", "stock: "), "only face-down"),
        (lambda t: t.replace("foundation8:", "foundation8: 2S"), "must build up by suit"),
        (lambda t: t.replace("tableau10:", "tableau11:"), "no 'tableau10:'"),
    ]:
        with pytest.raises(ParseError, match=message):
            rules.parse(spoil(good))


@pytest.mark.parametrize("number", [1, 2])
def test_random_legal_play_keeps_every_card_once(number):
    rules, s = deal("fortythieves", number)
    rng = random.Random(number)
    for _ in range(300):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s, _ = rules.apply(s, rng.choice(legal))
        assert every_card(s) == Counter(DECK)


# -- hints (CM-20) and the solver ------------------------------------------------------------------


def test_cm20_an_ace_or_a_two_always_and_another_card_once_both_below_it_are_home():
    from helpers import ask_hint

    from game.games.fortythieves.hints import HINTS

    s = state("5H", "AD", "9C 5H", stock="QS", home="4H 3H")
    five, ace = move("t1>f1"), move("t2>f3")
    assert HINTS.safe(FT, s, ace) and not HINTS.safe(FT, s, five)  # the other 4H could want a 5H
    both = state("5H", "2D", "9C 5H", stock="QS", home="4H 4H AD")
    assert HINTS.safe(FT, both, move("t1>f1")) and HINTS.safe(FT, both, move("t2>f3"))
    hint = ask_hint("fortythieves", s, FT.seen(s))
    assert hint.move == ace and "no card left" in hint.reason


def test_cm20_the_hint_never_peeks_the_same_for_any_order_of_the_unturned_stock():
    from helpers import ask_hint

    from game.hints.thieves import hidden_places
    from game.solver.sampling import arrangements

    rules, s = deal("fortythieves", 12)
    s = rules.play(s, DRAW_MOVE)
    seen = rules.seen(s)
    assert len(hidden_places(s, seen)) == 63
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and rules.seen(twin) == seen
    a, b = ask_hint("fortythieves", s, seen), ask_hint("fortythieves", twin, seen)
    assert a == b and a.move in rules.legal_moves(s) and a.reason


def test_the_solver_wins_a_deal_and_its_line_replays_to_a_win_through_the_rules():
    from helpers import solve_deal

    from game.solver.engine import Status

    result = solve_deal(DealId.make("fortythieves", 2), max_nodes=30_000)
    assert result.status is Status.SOLVED
    s = FT.deal(DealId.make("fortythieves", 2))
    for m in result.moves:
        s, _ = FT.apply(s, m)
    assert FT.is_won(s)


def _endgame(rng: random.Random) -> ThievesState:
    """A late position: two suits of two decks partly home, their other cards dealt at random to
    the columns and a short stock; every other suit home."""
    suits = rng.sample("SHDC", 2)
    home: list[str] = [f"K{x}" for x in "SHDC" if x not in suits for _ in range(2)]
    loose: list[str] = []
    for x in suits:
        for _ in range(2):
            h = rng.randint(8, 11)
            home.append(f"{'A23456789TJQK'[h - 1]}{x}")
            loose += [f"{'A23456789TJQK'[r - 1]}{x}" for r in range(h + 1, 14)]
    rng.shuffle(loose)
    stock, loose = loose[:3], loose[3:]
    cols: list[list[str]] = [[] for _ in range(10)]
    for k, card in enumerate(loose):
        cols[k if k < 10 else rng.randrange(10)].append(card)
    return state(*(" ".join(col) for col in cols), stock=" ".join(stock), home=" ".join(home))


def _plain_search(s: ThievesState, limit: int = 100_000) -> bool | None:
    """Whether the rules' own moves win from ``s``: every position, no pruning (None: too many)."""
    seen: set[object] = set()
    todo = [s]
    while todo:
        x = todo.pop()
        if FT.is_won(x):
            return True
        key = (tuple(sorted(x.tableau)), x.stock, x.waste)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > limit:
            return None
        todo += [FT.play(x, m) for m in FT.legal_moves(x)]
    return False


def test_the_solver_agrees_with_a_plain_search_of_the_rules_moves():
    """The solver's moves (runs carried through empty columns, one empty column tried) and its safe
    moves home lose nothing: on random endgames (each won, with ten columns) and on a position
    lost whatever the stock brings, it finds what a search of every legal move finds, and each win
    it finds replays through the rules."""
    from helpers import solve_position

    from game.solver.engine import Status

    rng = random.Random(40)
    for _ in range(6):
        s = _endgame(rng)
        assert _plain_search(s) is True
        assert solve_position("fortythieves", s, max_nodes=50_000).status is Status.SOLVED
    kings = ["QS KH", "QS KH", "QH KD", "QH KD", "QD KC", "QD KC", "QC KS", "QC KS", "TS JS", "TS JS"]
    lost = state(*kings, stock="9S 9S", home="8S 8S JH JH JD JD JC JC")
    assert FT.legal_moves(lost) == [DRAW_MOVE] and _plain_search(lost) is False
    assert solve_position("fortythieves", lost, max_nodes=50_000).status is Status.UNSOLVABLE
