"""Aces Up: SPEC AU-1 ... AU-5 as KPat deals and plays it, the text form, CM-4 (illegal moves change
nothing), CM-6 (undo of a deal), CM-12 (over when no move is left), the hint's safe move (CM-20)
and the solver: its wins replay, a win that needs a card kept over a deal is found, a dead end is
proved lost."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import ask_hint, cards, deal, move, play, solve_deal, solve_position

from game.core.dealid import DealId
from game.core.errors import IllegalMove, ParseError
from game.games.acesup.hints import HINTS, hidden_places
from game.games.acesup.rules import AcesUp, AcesUpState, dealt_cards
from game.games.acesup.solver import AcesUpProblem, safe_to_discard, spent
from game.rules.base import DEAL_MOVE, Dealt, Moved
from game.rules.history import History
from game.rules.pile import DISCARD_PILE, TABLEAUS
from game.solver.engine import Search, Status
from game.solver.sampling import arrangements

AU = AcesUp()


def position(*piles: str, stock: str = "", discard: str = "") -> AcesUpState:
    """A hand-made position (any cards: the rules and the search need no full deck)."""
    tableau = tuple(cards(p) for p in piles) + ((),) * (4 - len(piles))
    return AcesUpState(tableau, cards(stock), cards(discard))


def test_au1_four_piles_of_one_face_up_card_and_48_in_the_stock_taken_from_its_top():
    _, s = deal("acesup", 3)
    assert [len(col) for col in s.tableau] == [1, 1, 1, 1] and len(s.stock) == 48 and s.discard == ()
    assert sorted([*s.stock, *(col[0] for col in s.tableau)]) == list(range(52))
    piles = AU.piles(s)
    assert piles[TABLEAUS[0]][1] == 0 and piles[DISCARD_PILE] == ((), 0)
    assert len(piles) == 6  # the stock, four columns, the discard pile


def test_au1_cm1_the_same_number_deals_the_same_layout_and_another_number_another():
    assert deal("acesup", 77)[1] == deal("acesup", 77)[1] != deal("acesup", 78)[1]


def test_au2_a_top_card_is_discarded_below_a_higher_card_of_its_suit_aces_high():
    s = position("5H", "9H", "KS", "AS", stock="2C 3C 4C 5C")
    legal = {str(m) for m in AU.legal_moves(s)}
    assert legal == {"t1>d", "t3>d", "deal"}  # 5H under 9H, KS under AS; the ace and 9H stay
    s1, events = AU.apply(s, move("t3>d"))
    assert (
        s1.tableau[2] == () and s1.discard == cards("KS") and events == [Moved(TABLEAUS[2], DISCARD_PILE, cards("KS"))]
    )
    with pytest.raises(IllegalMove, match="never discarded"):
        AU.apply(s, move("t4>d"))
    with pytest.raises(IllegalMove, match="higher card of its suit"):
        AU.apply(s, move("t2>d"))
    with pytest.raises(IllegalMove, match="higher card of its suit"):  # another suit's higher card is no use
        AU.apply(position("5H", "9S"), move("t1>d"))


def test_au3_an_empty_pile_takes_the_top_card_of_any_other_pile_and_only_an_empty_one():
    s = position("2C 7D", "QS", "", "4H 8H")
    legal = {str(m) for m in AU.legal_moves(s)}
    assert {"t1>t3", "t4>t3"} <= legal and "t2>t3" not in legal  # a lone card moved changes nothing
    s1, _ = AU.apply(s, move("t1>t3"))
    assert s1.tableau[0] == cards("2C") and s1.tableau[2] == cards("7D")
    with pytest.raises(IllegalMove, match="only onto an empty column"):
        AU.apply(s, move("t1>t2"))
    with pytest.raises(IllegalMove, match="alone in its column"):
        AU.apply(s, move("t2>t3"))
    with pytest.raises(IllegalMove, match="Only the top card"):
        AU.apply(s, move("t1>t3x2"))
    assert AU.lift_reason(s, TABLEAUS[0], 0) and AU.lift_reason(s, TABLEAUS[0], 1) is None


def test_au4_a_deal_puts_the_stocks_top_card_on_the_first_pile_and_so_on_with_no_redeal():
    _, s = deal("acesup", 5)
    top4 = s.stock[-4:]
    s1, events = AU.apply(s, DEAL_MOVE)
    assert [col[-1] for col in s1.tableau] == list(reversed(top4)) == list(dealt_cards(s.stock))
    assert events == [Dealt(TABLEAUS[:4], tuple(reversed(top4)))] and len(s1.stock) == 44
    history = History(AU, s)  # CM-6: a deal is taken back whole
    history.play(DEAL_MOVE)
    history.undo()
    assert history.state == s
    empty = position("", "", "", "", stock="")  # a deal onto empty piles is allowed; an empty stock is not
    assert DEAL_MOVE in AU.legal_moves(position("", "", "", "", stock="2C 3C 4C 5C"))
    with pytest.raises(IllegalMove, match="stock is empty"):
        AU.apply(empty, DEAL_MOVE)


def test_au5_the_four_aces_alone_on_the_four_piles_win_and_no_move_left_is_over():
    s = position("AS", "AH", "AC", "AD 2C")
    assert not AU.is_won(s) and not AU.is_over(s)
    s1, _ = play(AU, s, "t4>d")
    assert AU.is_won(s1) and AU.is_over(s1)
    assert not AU.is_won(position("AS", "AH", "AD", "AC", stock="2C 3C 4C 5C"))  # the stock must be dealt
    dead = position("AH KH", "2C", "3D", "AS")  # the king lies on its own ace: nothing moves
    assert AU.legal_moves(dead) == [] and AU.is_over(dead) and not AU.is_won(dead)
    stuck = position("KS", "QH", "", "2D")  # CM-12: only lone cards could change places: over
    assert AU.is_over(stuck)


def test_the_text_form_round_trips_and_refuses_damage():
    rules, s = deal("acesup", 9)
    s, _ = play(rules, s, "deal", "deal")
    s = next((rules.play(s, m) for m in rules.legal_moves(s) if m.dst == DISCARD_PILE), s)
    assert rules.parse(rules.to_text(s)) == s
    with pytest.raises(ParseError):
        rules.parse(rules.to_text(s).replace("tableau1:", "tableau1: AS"))
    with pytest.raises(ParseError):
        rules.parse(rules.to_text(s).replace("stock: #", "stock: "))
    with pytest.raises(ParseError, match="multiple of four"):
        rules.parse(_short_stock(rules.to_text(s)))


def _short_stock(text: str) -> str:
    """The text form with the stock's first card moved onto the first pile."""
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if line.startswith("stock: "):
            first, _, rest = line.removeprefix("stock: ").partition(" ")
            lines[k] = "stock: " + rest
            moved = first.lstrip("#")
    return "\n".join(line + " " + moved if line.startswith("tableau1:") else line for line in lines) + "\n"


@pytest.mark.parametrize("number", [1, 2])
def test_random_legal_play_keeps_every_card_once(number):
    rules, s = deal("acesup", number)
    rng = random.Random(number)
    for _ in range(200):
        legal = rules.legal_moves(s)
        if not legal:
            break
        s, _ = rules.apply(s, rng.choice(legal))
        assert Counter([*s.stock, *s.discard, *(x for col in s.tableau for x in col)]) == Counter(range(52))
        assert not any(x % 13 == 0 for x in s.discard)  # AU-2: an ace is never discarded
    assert rules.is_over(s)


def test_cm20_a_discard_is_safe_once_the_stock_is_dealt_or_when_no_lower_card_of_its_suit_is_left():
    late = position("2C 5H", "9H", "KS", "AS")
    assert HINTS.safe(AU, late, move("t1>d")) and HINTS.safe(AU, late, move("t3>d"))
    early = position("5H", "9H", "KS", "AS", stock="2C 3C 4C 5C")
    assert not HINTS.safe(AU, early, move("t1>d"))  # the 5 may yet discard a lower heart
    spent_five = position("5H", "9H", "KS", "AS", stock="2C 3C 4C 5C", discard="2H 3H 4H")
    assert spent(spent_five, 0) and safe_to_discard(spent_five, 0) and HINTS.safe(AU, spent_five, move("t1>d"))
    assert not HINTS.safe(AU, early, DEAL_MOVE)


def test_the_hint_never_peeks_at_the_stock():
    rules, s = deal("acesup", 12)
    s, _ = play(rules, s, "deal")
    seen = rules.seen(s)
    hidden = hidden_places(s, seen)
    assert len(hidden) == len(s.stock) == 44
    twin = arrangements(s, hidden, 1)[0]
    assert twin != s and rules.seen(twin) == seen and twin.tableau == s.tableau
    a, b = ask_hint("acesup", s, seen), ask_hint("acesup", twin, seen)
    assert a == b and a.move in rules.legal_moves(s) and a.reason


def _replays_to_a_win(state: AcesUpState, moves: list) -> bool:
    for m in moves:
        state, _ = AU.apply(state, m)
    return AU.is_won(state)


def test_the_solvers_wins_replay_to_a_win():
    for number in (3, 6, 8):
        deal_id = DealId.make("acesup", number)
        result = solve_deal(deal_id, max_nodes=60_000)
        assert result.status is Status.SOLVED
        assert _replays_to_a_win(AU.deal(deal_id), result.moves)


# Five ranks of four suits: the first pile's 3C can discard the 2C dealt later only if it is kept
# when the 5C could discard it now (found by an exhaustive search of such small deals).
KEEP = position("3C", "AC", "5C", "3H", stock="4D 2C 3D AH 5S 2H 5H 4S 4H AD 5D 4C 2S AS 2D 3S")


def test_a_win_that_keeps_a_card_over_a_deal_is_found_where_discarding_at_once_finds_none():
    greedy = Search(AcesUpProblem(KEEP, 0), 60_000, None)
    assert greedy.run().status is Status.UNKNOWN and greedy.exhausted
    result = solve_position("acesup", KEEP, max_nodes=60_000)
    assert result.status is Status.SOLVED and _replays_to_a_win(KEEP, result.moves)


def test_a_dead_end_is_proved_lost():
    dead = position("AH KH", "2C", "3D", "QS 2S", stock="")
    assert solve_position("acesup", dead, max_nodes=10_000, complete=True).status is Status.UNSOLVABLE
    small = position("4H", "AD", "3S", "2D", stock="3C 5H 2S AS 3D 4C 4S 2C 5D AH 3H 4D 5C AC 2H 5S")
    assert solve_position("acesup", small, max_nodes=10_000).status is Status.UNSOLVABLE  # every stage searched
