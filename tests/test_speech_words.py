"""CM-19: what spoken play says — cards, places, moves and the whole table — in English, Japanese
and Italian, read from the rules and the game's record (the pure layer, game/speech)."""

from __future__ import annotations

import pytest

from game.cli import main
from game.core.cards import parse_card
from game.core.dealid import DealId
from game.core.i18n import set_language
from game.games.index import GAMES, game_for
from game.rules.base import DRAW_MOVE, MOVE, Move
from game.rules.pile import CELLS, FOUNDATIONS, STOCK_PILE, TABLEAUS, Pile
from game.speech.effects import effects_words
from game.speech.game_words import focus_words, selection_words, whole_table
from game.speech.reading import place_reading
from game.speech.words import card_name, pile_name, unsymbolled


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize(
    "lang, ten_of_hearts, column, cell",
    [
        ("en", "ten of hearts", "column 3", "free cell 2"),
        ("ja", "ハートの10", "3列目", "フリーセル2"),
        ("it", "10 di cuori", "colonna 3", "cella libera 2"),
    ],
)
def test_cm19_cards_and_piles_are_named_in_each_language(lang, ten_of_hearts, column, cell):
    set_language(lang)
    assert card_name(parse_card("TH")) == ten_of_hearts
    assert pile_name(TABLEAUS[2]) == column
    assert pile_name(CELLS[1]) == cell


def test_cm19_a_focused_card_says_its_place_and_its_pile():
    contents = {TABLEAUS[2]: (tuple(parse_card(c) for c in ("2C", "3C", "JS", "TH")), 2)}
    said = place_reading(TABLEAUS[2], 3, contents, {}, frozenset(), [])
    assert said == "ten of hearts, column 3, 4 cards, 2 face down"
    under = place_reading(TABLEAUS[2], 2, contents, {}, frozenset(), [])
    assert under == "jack of spades, column 3, 4 cards, 2 face down, 1 card on it"
    assert place_reading(TABLEAUS[2], 0, contents, {}, frozenset(), []).startswith("a face-down card, column 3")


def test_cm19_an_empty_pile_says_what_it_takes():
    contents = {FOUNDATIONS[0]: ((), 0), TABLEAUS[0]: ((parse_card("KS"),), 0), TABLEAUS[1]: ((), 0)}
    assert (
        place_reading(FOUNDATIONS[0], -1, contents, {FOUNDATIONS[0]: "A"}, (), [])
        == "foundation 1, empty, takes an ace"
    )
    king_over = [Move(MOVE, TABLEAUS[0], TABLEAUS[1])]
    said = place_reading(TABLEAUS[1], -1, contents, {}, (), king_over)
    assert said == "column 2, empty, king of spades can go here"
    assert place_reading(TABLEAUS[1], -1, contents, {}, (), []) == "column 2, empty, nothing can go here now"


def test_cm19_addictions_gap_names_the_card_before_it_and_the_card_it_takes():
    game = game_for("addiction")
    state = game.rules.deal(DealId.make("addiction", 1))
    contents = game.rules.piles(state)
    gap = next(p for p, (cards, _) in contents.items() if not cards and p.idx % 13)
    left_card = contents[Pile(gap.kind, gap.idx - 1)][0][-1]
    said = focus_words(game.seen(state), game.rules.legal_moves(state), gap, -1)
    row = gap.idx // 13 + 1
    assert said.startswith(f"Gap after {card_name(left_card)} in row {row}, ")
    if left_card % 13 != 12:  # a gap after a king takes nothing
        assert said.endswith(f"{card_name(left_card + 1)} can go here")


def test_cm19_a_move_says_what_it_did_a_card_turned_up_and_undo():
    game = game_for("klondike")
    state = game.rules.deal(DealId.make("klondike", 1))
    legal = game.rules.legal_moves(state)
    move = next(m for m in legal if m.kind == MOVE and m.src != STOCK_PILE and game.rules.piles(state)[m.src][1])
    after, events = game.rules.apply(state, move)
    said = effects_words(events)
    moved = card_name(game.rules.piles(state)[move.src][0][-1])
    turned = card_name(game.rules.piles(after)[move.src][0][-1])
    assert said == f"{moved} to {pile_name(move.dst)}, {turned} turned up in {pile_name(move.src)}"
    assert effects_words([e.inverse() for e in reversed(events)], undone=True).startswith("Undone: ")
    _, drawn = game.rules.apply(state, DRAW_MOVE)
    assert effects_words(drawn).startswith("From the stock: ")


def test_cm19_a_selection_says_how_many_places_it_can_go():
    game = game_for("freecell")
    state = game.rules.deal(DealId.make("freecell", 1))
    legal = game.rules.legal_moves(state)
    src = TABLEAUS[0]
    targets = [m for m in legal if m.src == src]
    index = len(game.rules.piles(state)[src][0]) - 1
    said = selection_words(game.seen(state), src, index, [m.dst for m in targets])
    assert said.startswith("Picked up six of spades, ")
    assert f"{len(targets)} places to go" in said and "free cell 1" in said


@pytest.mark.parametrize("lang", ["en", "ja", "it"])
def test_cm19_speak_reads_klondike_deal_1_column_by_column_and_the_stocks_24(lang, capsys):
    assert main(["speak", "klondike", "--deal", "1", "--lang", lang]) == 0
    out = capsys.readouterr().out
    set_language(lang)
    game = game_for("klondike")
    state = game.rules.deal(DealId.make("klondike", 1))
    for i in range(7):
        top = game.rules.piles(state)[TABLEAUS[i]][0][-1]
        assert f"{pile_name(TABLEAUS[i])}" in out.lower() or pile_name(TABLEAUS[i]) in out
        assert card_name(top) in out
    stock_line = next(line for line in out.splitlines() if line.lower().startswith(pile_name(STOCK_PILE).lower()))
    assert "24" in stock_line
    assert {"en": "seven of hearts", "ja": "ハートの7", "it": "7 di cuori"}[lang] in out


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_cm19_every_games_whole_table_names_every_card_it_shows_face_up(game):
    state = game.rules.deal(DealId.make(game.name, 2))
    text = "\n".join(whole_table(game.seen(state)))
    for pile, (cards, down) in game.rules.piles(state).items():
        for c in cards[down:]:
            assert card_name(c) in text, (pile, c)


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "Completed 0/8 (spades 0) · Redeals unlimited"),
        ("ja", "Completed 0/8 (スペード0) · Redeals無制限"),  # no space beside a Japanese word
        ("it", "Completed 0/8 (picche 0) · Redeals illimitate"),
    ],
)
def test_cm19_signs_a_voice_reads_badly_are_said_in_words(lang, expected):
    from game.speech.announcer import Announcer

    set_language(lang)
    said: list[str] = []

    class Ear:
        def speak(self, text, interrupt):
            said.append(text)

        def close(self):
            pass

    Announcer(Ear()).say("Completed 0/8 (♠0) · Redeals ∞")
    assert said == [expected]


@pytest.mark.parametrize(
    "lang, three, one",
    [
        ("en", "3 stars of 5", "1 star of 5"),
        ("ja", "星5つ中3つ", "星5つ中1つ"),
        ("it", "3 stelle su 5", "1 stella su 5"),
    ],
)
def test_cm17_cm19_a_difficultys_stars_are_said_as_a_count(lang, three, one):
    """★★★☆☆ is three stars out of five, not ten signs a voice names one by one."""
    set_language(lang)
    assert unsymbolled("★★★☆☆") == three
    assert unsymbolled("★☆☆☆☆") == one
    set_language("en")
