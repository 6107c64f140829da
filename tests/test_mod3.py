"""Mod 3: SPEC MO-1 ... MO-4 as KPat deals and plays it, the text form, CM-4 (illegal moves change
nothing), CM-6 (undo of a deal and of a place filled from the stock), the hint's safe move (CM-20)
and the solver: its wins replay, a dead end is proved lost."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import ask_hint, cards, deal, move, play, solve_deal, solve_position

from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.mod3.hints import HINTS, hidden_places
from game.games.mod3.rules import (
    ACES_PILE,
    BUILD_PILES,
    DECK,
    STOCK_SIZE,
    Mod3,
    Mod3State,
    built_count,
    dealt_cards,
    proper,
)
from game.hints.base import describe
from game.rules.base import DEAL_MOVE, Dealt, Moved
from game.rules.history import History
from game.rules.pile import STOCK_PILE, TABLEAUS, parse_pile
from game.rules.piles import shuffled_deck
from game.solver.engine import Status
from game.solver.sampling import arrangements
from game.speech.effects import moved_words
from game.speech.reading import table_reading
from game.speech.words import pile_name

MO = Mod3()


def position(builds: dict[str, str] | None = None, *tableau: str, stock: str = "", aces: str = "") -> Mod3State:
    """A hand-made position (any cards: the rules and the search need no full two decks):
    ``builds`` maps a building pile (``b1.3``) to its cards."""
    piles = [()] * 24
    for name, text in (builds or {}).items():
        piles[parse_pile(name).idx] = cards(text)
    cols = tuple(cards(t) for t in tableau) + ((),) * (8 - len(tableau))
    return Mod3State(tuple(piles), cols, cards(aces), cards(stock))


def every_card(s: Mod3State) -> Counter[int]:
    return Counter([*s.stock, *s.aces, *(x for p in s.builds for x in p), *(x for col in s.tableau for x in col)])


def test_mo1_two_decks_one_face_up_card_on_each_of_32_places_row_by_row_from_the_stock_top():
    number = 3
    rules, s = deal("mod3", number)
    deck = shuffled_deck(DealId.make("mod3", number), DECK)
    assert s.builds == tuple((deck[-1 - i],) for i in range(24))  # KPat's restart: rows 1-3 left to right
    assert s.tableau == tuple((deck[-25 - j],) for j in range(8))  # then the fourth row
    assert s.stock == tuple(deck[:STOCK_SIZE]) and len(s.stock) == 72 and s.aces == ()
    assert every_card(s) == Counter(DECK)
    piles = rules.piles(s)
    assert len(piles) == 24 + 8 + 2 and all(down == 0 for p, (_, down) in piles.items() if p != STOCK_PILE)
    assert piles[STOCK_PILE][1] == 72  # the stock face down


def test_mo1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    assert deal("mod3", 77)[1] == deal("mod3", 77)[1] != deal("mod3", 78)[1]


def test_mo2_a_card_goes_onto_the_building_pile_of_its_row_in_suit_three_ranks_up():
    s = position({"b1.1": "2H", "b1.2": "9C", "b2.1": "3S 6S", "b3.1": "4D 7D TD KD"}, "5H", "5S", "9S", "AC")
    legal = {str(m) for m in MO.legal_moves(s)}
    assert "t1>b1.1" in legal and "t3>b2.1" in legal
    assert "t2>b1.1" not in legal  # another suit
    s1, events = MO.apply(s, move("t1>b1.1"))
    assert s1.builds[0] == cards("2H 5H") and events[0] == Moved(TABLEAUS[0], BUILD_PILES[0], cards("5H"))
    with pytest.raises(IllegalMove, match="2, 5, 8, J in one suit"):
        MO.apply(s, move("t2>b1.1"))
    with pytest.raises(IllegalMove, match="Nothing builds on this card"):  # a dealt 9C starts no sequence
        MO.apply(s, move("t2>b1.2"))
    with pytest.raises(IllegalMove, match="complete"):
        MO.apply(s, move("t2>b3.1"))
    with pytest.raises(IllegalMove, match="top card"):
        MO.apply(s, move("b2.1>t5x2"))


def test_mo2_an_empty_building_place_takes_only_the_rank_that_starts_its_row_in_any_suit():
    s = position({}, "3C", "6C", "4H", "2D")
    legal = {str(m) for m in MO.legal_moves(s)}
    assert {"t1>b2.1", "t1>b2.8", "t3>b3.1", "t4>b1.1"} <= legal
    assert not any(m.startswith("t1>b1") or m.startswith("t1>b3") or m.startswith("t2>b") for m in legal)
    with pytest.raises(IllegalMove, match="takes only a 3"):
        MO.apply(s, move("t2>b2.1"))


def test_mo2_any_top_card_goes_into_an_empty_place_of_the_fourth_row_and_aces_to_their_pile_for_good():
    s = position({"b1.1": "9C", "b1.2": "2S 5S"}, "KD 4C", "AH")
    legal = {str(m) for m in MO.legal_moves(s)}
    assert {"b1.1>t3", "b1.2>t3", "t1>t3", "t2>a", "t2>t3"} <= legal
    with pytest.raises(IllegalMove, match="only on an empty place"):
        MO.apply(s, move("b1.1>t1"))
    with pytest.raises(IllegalMove, match="Only aces"):
        MO.apply(s, move("t1>a"))
    s1, _ = play(MO, s, "t2>a")
    assert s1.aces == cards("AH") and MO.lift_reason(s1, ACES_PILE, 0) == "The aces stay on their pile."
    with pytest.raises(IllegalMove):
        MO.apply(s1, move("d>t2"))


def test_mo2_a_place_of_the_fourth_row_emptied_is_filled_at_once_from_the_stock_and_undone_whole():
    s = position({"b1.1": "2H"}, "5H", "KC 8H", stock="QS JD")
    history = History(MO, s)
    events = history.play(move("t1>b1.1"))
    after = history.state
    assert after.tableau[0] == cards("JD") and after.stock == cards("QS")  # KPat's cardsMoved: the stock's top
    assert events[-1] == Dealt((TABLEAUS[0],), cards("JD"), some=True)
    history.undo()
    assert history.state == s
    s2, _ = play(MO, after, "t2>b1.1")  # not the last card: no card comes from the stock
    assert s2.tableau[1] == cards("KC") and s2.stock == after.stock and s2.builds[0] == cards("2H 5H 8H")


def test_mo3_a_deal_puts_one_card_from_the_stock_top_onto_each_place_of_the_fourth_row():
    rules, s = deal("mod3", 5)
    history = History(rules, s)
    events = history.play(DEAL_MOVE)
    after = history.state
    top = dealt_cards(s.stock)
    assert top[0] == s.stock[-1] and len(top) == 8
    assert all(after.tableau[j] == s.tableau[j] + (top[j],) for j in range(8)) and len(after.stock) == 64
    assert events == [Dealt(TABLEAUS[:8], top)]
    history.undo()
    assert history.state == s
    for _ in range(9):
        s, _ = rules.apply(s, DEAL_MOVE)
    assert not s.stock and DEAL_MOVE not in rules.legal_moves(s)  # nine deals of eight, no redeal
    with pytest.raises(IllegalMove, match="No cards are left"):
        rules.apply(s, DEAL_MOVE)


def test_mo4_the_stock_and_the_fourth_row_empty_wins():
    s = position({"b3.1": "4S 7S TS"}, "KS")
    assert not MO.is_won(s)
    s1, _ = play(MO, s, "t1>b3.1")
    assert MO.is_won(s1) and MO.is_over(s1)
    assert not MO.is_won(position({}, stock="KS"))


def test_the_text_form_round_trips_and_refuses_damage():
    rules, s = deal("mod3", 9)
    for m in rules.legal_moves(s)[:3]:
        s = rules.play(s, m)
    s = rules.play(s, DEAL_MOVE)
    assert rules.parse(rules.to_text(s)) == s
    text = rules.to_text(s)
    with pytest.raises(ParseError):
        rules.parse(text.replace("tableau1:", "tableau1: AS"))  # a third ace of spades
    with pytest.raises(ParseError, match="aces"):
        rules.parse(text.replace("aces:", "aces: KS", 1))
    damaged = rules.to_text(position({"b1.1": "2H 6H"}))
    with pytest.raises(ParseError, match="2-5-8-J"):
        rules.parse(damaged)


@pytest.mark.parametrize("number", [1, 2])
def test_random_legal_play_keeps_every_card_once(number):
    rules, s = deal("mod3", number)
    rng = random.Random(number)
    for _ in range(300):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s, _ = rules.apply(s, rng.choice(legal))
        assert every_card(s) == Counter(DECK)
        assert all(len(p) < 2 or proper(p, i // 8) for i, p in enumerate(s.builds))  # MO-2: only sequences grow
    assert built_count(s) >= 0
    assert rules.parse(rules.to_text(s)) == s


def test_cm4_an_illegal_move_changes_nothing():
    s = position({"b1.1": "2H"}, "5S", stock="KS")
    with pytest.raises(IllegalMove):
        MO.apply(s, move("t1>b1.1"))
    with pytest.raises(IllegalMove, match="deal"):
        MO.apply(s, move("s>t2"))


def test_cm20_a_card_to_its_place_is_safe_unless_it_fills_its_place_from_the_stock_and_the_hint_never_peeks():
    s = position({"b1.1": "2H", "b1.2": "3C", "b2.1": "3D", "b3.1": "4S"}, "KD AH", "AS", "QC 5H", "5H", stock="QC")
    assert HINTS.safe(MO, s, move("t1>a")) and not HINTS.safe(MO, s, move("t2>a"))  # t2's place filled
    assert HINTS.safe(MO, s, move("t3>b1.1")) and not HINTS.safe(MO, s, move("t4>b1.1"))
    assert HINTS.safe(MO, s, move("b1.2>b2.2"))  # a dealt 3 off the first row: a place for a 2 there
    assert not HINTS.safe(MO, s, move("b2.1>b2.2")) and not HINTS.safe(MO, s, move("b3.1>t5"))
    assert HINTS.safe(MO, position({}, "AS"), move("t1>a"))  # the stock used up: nothing comes
    rules, s = deal("mod3", 12)
    seen = rules.seen(s)
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and rules.seen(twin) == seen and twin.tableau == s.tableau
    a, b = ask_hint("mod3", s, seen), ask_hint("mod3", twin, seen)
    assert a == b and a.move in rules.legal_moves(s) and a.reason
    dealt = rules.play(s, DEAL_MOVE)
    assert len(hidden_places(dealt, rules.seen(dealt))) == 64  # the places dealt are known


def test_cm20_a_card_moved_to_another_rows_empty_place_is_a_new_position_for_the_hint():
    """A lone card moved to an empty building place of another row leaves the building piles the
    same set of cards, but not the same position: the rows build different ranks."""
    s = position({"b1.4": "3C", "b2.6": "2S", "b1.1": "9S"}, "KS 7S", "KD QC", stock="JD QD")
    hint = ask_hint("mod3", s)
    assert hint.move in (move("b1.4>b2.1"), move("b2.6>b1.2")) and hint.reason


def test_the_solvers_wins_replay_to_a_win_and_a_dead_end_is_proved_lost():
    for number in (1, 2, 5):
        result = solve_deal(DealId.make("mod3", number), max_nodes=60_000)
        assert result.status is Status.SOLVED
        rules, s = deal("mod3", number)
        for m in result.moves:
            s, _ = rules.apply(s, m)
        assert rules.is_won(s)
    kings = ["KS"] * 6
    dead = position({"b1.1": "2C"}, "2H 5H", "QD 3S", *kings)  # 3S away leaves QD; 5H covers its 2H
    assert MO.legal_moves(dead)
    assert solve_position("mod3", dead, max_nodes=10_000, complete=True).status is Status.UNSOLVABLE
    assert solve_deal(DealId.make("mod3", 19), max_nodes=10_000, complete=True).status is Status.UNSOLVABLE


def test_cm19_mod3s_piles_are_said_by_their_rows_and_the_aces_pile_by_its_name():
    """CM-19: a building pile is "row 2, place 5" (not "foundation 13"), the aces pile is the aces
    pile (not a discard pile), an ace sent there goes "to" it (not "Removed"), and the table is read
    a row a line, each building pile by its top card."""
    assert pile_name(BUILD_PILES[12]) == "row 2, place 5"
    assert pile_name(ACES_PILE) == "aces pile"
    assert moved_words(Moved(TABLEAUS[1], ACES_PILE, cards("AH"))) == "ace of hearts to aces pile"
    lines = table_reading(MO.piles(position({"b1.1": "2S 5S", "b2.1": "3H"}, "KD", aces="AH")))
    assert "Row 1: five of spades (2 cards), empty, empty, empty, empty, empty, empty, empty" in lines
    assert "Row 2: three of hearts, empty, empty, empty, empty, empty, empty, empty" in lines
    assert "Aces pile: 1 card, ace of hearts on top" in lines
    assert not any("Foundations" in line or "Discard" in line for line in lines)


def test_cm20_mod3s_hints_name_its_building_piles_and_its_aces_pile():
    """CM-20: the shared words for a move onto a foundation or a discard pile would misname Mod 3's
    piles: its own words say where a card goes."""
    s = position({"b1.1": "2S", "b1.2": "9C"}, "5S", "AH", "KD")
    assert describe(MO, s, move("t1>b1.1")) == "This card goes onto the building pile of its row."
    assert describe(MO, s, move("t2>a")) == "Aces go to the aces pile."
    s = position({"b1.2": "9C"}, "5S", "", stock="KD")
    assert describe(MO, s, move("b1.2>t3")) == "This frees a building place for the card that starts its row."
