"""Cards, the project's RNG, Microsoft deals and deal IDs (CM-1, FC-6)."""

from __future__ import annotations

import pytest

from game.core.cards import (
    NO_CARD,
    can_stack_alternate,
    card,
    card_symbol_text,
    card_text,
    is_red,
    parse_card,
    rank_of,
    suit_of,
)
from game.core.dealid import DealId, parse_deal_id
from game.core.errors import ParseError
from game.core.rng import Rng, microsoft_deck, stable_hash
from game.rules.foundations import goes_home


def test_card_text_round_trip_and_symbols():
    assert card_text(parse_card("TD")) == "TD"
    assert parse_card("10d") == parse_card("TD") == card(10, 2)
    assert card_symbol_text(parse_card("TD")) == "10♦"
    assert card_symbol_text(parse_card("AS")) == "A♠"
    for c in range(52):
        assert parse_card(card_text(c)) == c
        assert card(rank_of(c), suit_of(c)) == c


def test_colours_and_building_helpers():
    assert is_red(parse_card("8H")) and is_red(parse_card("8D"))
    assert not is_red(parse_card("8S")) and not is_red(parse_card("8C"))
    assert can_stack_alternate(parse_card("8H"), parse_card("9S"))
    assert not can_stack_alternate(parse_card("8H"), parse_card("9D"))
    assert not can_stack_alternate(parse_card("7H"), parse_card("9S"))
    assert goes_home(parse_card("AS"), NO_CARD)
    assert goes_home(parse_card("2S"), parse_card("AS"))
    assert not goes_home(parse_card("2H"), parse_card("AS"))
    assert not goes_home(parse_card("AH"), parse_card("KS"))  # the next int, but a new suit


@pytest.mark.parametrize("bad", ["", "1S", "AX", "TDX", "ZZ", "11H", "A", "♠A"])
def test_bad_cards_are_parse_errors(bad):
    with pytest.raises(ParseError):
        parse_card(bad)


def test_splitmix64_reference_values():
    """SplitMix64 seeded with 0 gives these first outputs in the reference implementation."""
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_rng_is_deterministic_and_unbiased_enough():
    a, b = Rng.for_stream("v1:klondike", 7), Rng.for_stream("v1:klondike", 7)
    assert [a.below(52) for _ in range(100)] == [b.below(52) for _ in range(100)]
    counts = [0] * 6
    rng = Rng(12345)
    for _ in range(60000):
        counts[rng.below(6)] += 1
    assert all(9400 < n < 10600 for n in counts)
    assert stable_hash("klondike") == stable_hash("klondike") != stable_hash("spider")


def test_shuffle_is_a_permutation():
    items = list(range(104))
    Rng(99).shuffle(items)
    assert sorted(items) == list(range(104)) and items != list(range(104))


def _columns(number: int) -> list[str]:
    deck = microsoft_deck(number)
    return [" ".join(card_text(c) for c in deck[i::8]) for i in range(8)]


def test_fc6_microsoft_deal_1():
    """FC-6: deal #1 begins JD KD 2S 4C 3S 6D 6S / 2D KC KS 5C TD 8S 9C / ..."""
    assert _columns(1) == [
        "JD KD 2S 4C 3S 6D 6S",
        "2D KC KS 5C TD 8S 9C",
        "9H 9S 9D TS 4S 8D 2H",
        "JC 5S QD QH TH QS 6H",
        "5D AD JS 4H 8H 6C",
        "7H QC AS AC 2C 3D",
        "7C KH AH 4D JH 8C",
        "5H 3H 3C 7S 7D TC",
    ]


def test_fc6_microsoft_deal_11982():
    """FC-6: the famous deal that cannot be won, as make-microsoft-freecell-board prints it."""
    assert _columns(11982) == [
        "AH 3D KD JC 6C JD KC",
        "AS 3H 6H 5D 2C 7D 8D",
        "4H QS 5S 5C TH 8H 2S",
        "AC QC 4D 8C QH 9C 3S",
        "2D 8S 9H 9D 6D 2H",
        "6S 7H JH TD TC QD",
        "TS AD 9S KH 4S 4C",
        "JS KS 3C 7C 7S 5H",
    ]


def test_fc6_microsoft_deal_617_and_large_numbers():
    """FC-6: golden first columns checked against make-microsoft-freecell-board."""
    assert _columns(617)[0] == "7D TD TH KD 4C 4S JD"
    assert _columns(32000)[0] == "QD 3S 8C JH 3D 6H TC"
    assert sorted(microsoft_deck(2**31 - 1)) == list(range(52))
    with pytest.raises(ValueError):
        microsoft_deck(0)


def test_cm1_deal_id_round_trip_and_defaults():
    d = DealId.make("klondike", 12345, {"draw": "3"})
    assert str(d) == "klondike:draw=3,redeals=unlimited:12345:v1"
    assert parse_deal_id(str(d)) == d
    assert str(DealId.make("freecell", 1)) == "freecell:1:v1"
    for alias in ("gaps", "Montana", "ADDICTION"):
        assert parse_deal_id(f"{alias}:7").variant == "addiction"


@pytest.mark.parametrize(
    "text, expected",
    [
        ("  Klondike : #12345 ", "klondike:draw=1,redeals=unlimited:12345:v1"),
        ("klondike:redeals=3,draw=3:5", "klondike:draw=3,redeals=3:5:v1"),
        ("spider:suits=4:2147483647:v1", "spider:suits=4:2147483647:v1"),
        ("FREECELL:11982", "freecell:11982:v1"),
    ],
)
def test_cm1_lenient_deal_id_parsing(text, expected):
    assert str(parse_deal_id(text)) == expected


@pytest.mark.parametrize(
    "bad, words",
    [
        ("", "empty"),
        ("chess:1", "unknown variant"),
        ("klondike", "no deal number"),
        ("klondike:0", "1 to 2147483647"),
        ("klondike:2147483648", "1 to 2147483647"),
        ("klondike:draw=2:5", "cannot be '2'"),
        ("klondike:colour=red:5", "no option 'colour'"),
        ("klondike:5:v9", "v9"),
        ("klondike:5:6", "two deal numbers"),
        ("klondike:banana:5", "neither an option"),
        ("klondike::5", "empty part"),
        ("klondike:draw=:5", "not an option"),
        ("freecell:-3", "is not a deal number"),
        ("klondike:draw=1,draw=3:5", "twice"),
    ],
)
def test_cm1_bad_deal_ids_say_what_is_wrong(bad, words):
    with pytest.raises(ParseError) as e:
        parse_deal_id(bad)
    assert words in str(e.value)


def test_deal_id_rejects_non_text_and_bad_numbers():
    with pytest.raises(ParseError):
        parse_deal_id(12345)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        DealId.make("golf", True)  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        DealId.make("golf", 5).with_number(-1)


def test_cm1_an_option_added_later_is_unwritten_at_its_default_so_older_ids_keep_their_meaning():
    """An option with ``unwritten_default`` (FreeCell's family, added after FreeCell's deals were
    shared) is left out of what is written at its default, and written at any other value; options
    without it are always written, every key in the spec's order."""
    from game.core.variants import OptionSpec, VariantSpec

    spec = VariantSpec(
        "x", (), (OptionSpec("draw", ("1", "3"), "1"), OptionSpec("game", ("a", "b"), "a", unwritten_default=True)), 1
    )
    assert spec.written(spec.normalise_options({})) == (("draw", "1"),)
    assert spec.options_text(spec.normalise_options({"game": "b"})) == "draw=1,game=b"
    assert spec.options_text(spec.normalise_options({"draw": "3", "game": "a"})) == "draw=3"
