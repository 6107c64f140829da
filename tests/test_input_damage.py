"""Issue 36, item 17: what a hostile or unlucky user types on the command line or pastes as a deal.

- One reading of a deal number everywhere (CM-1): ``solve --deal`` took ``+5``, ``1_000``, ``٣``,
  ``１２`` and ``𝟓`` (``int()`` does) where ``deal`` and ``speak`` refused them; now every command,
  the deal entry and a deal ID refuse them with the same sentence.
- A bad value is quoted short: 38 messages echoed a 5-100 kB value whole (and ``hint --deal
  1-<50,000 digits> --follow 1`` was a traceback). Every refusal is one line, exit 2.
"""

from __future__ import annotations

import re

import pytest

from game.arguments import shortened
from game.cli import main
from game.core.dealid import NUMBER_RULE, deal_number, parse_deal_id
from game.core.errors import ParseError
from game.core.quoting import SHOWN, quoted
from game.deals import read_deal

ODD_NUMBERS = ["+5", "1_000", "٣", "１２", "𝟓", "²", "-3", "5x", "0", "99999999999", "0x1F", "9" * 5000]
DEAL_COMMANDS = {
    "play": ["--variant", "klondike", "--deal"],
    "deal": ["deal", "klondike", "--deal"],
    "speak": ["speak", "klondike", "--deal"],
    "solve": ["solve", "klondike", "--deal"],
    "hint": ["hint", "klondike", "--deal"],
    "demo": ["demo", "--variant", "klondike", "--headless", "--deal"],
    "shot": ["shot", "klondike", "--out", "never.png", "--deal"],
}


def refusal(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """The command's stderr; it must be a refusal: exit 2, its last line the one saying error:."""
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert code == 2, (argv[:4], code, err[-300:])
    assert "Traceback" not in err and "error:" in err.strip().splitlines()[-1], err[-300:]
    return err


@pytest.mark.parametrize("odd", ODD_NUMBERS, ids=lambda s: s if len(s) < 20 else f"{len(s)} digits")
def test_cm1_every_command_refuses_an_odd_deal_number_with_the_same_sentence(capsys, odd):
    said = {name: refusal(capsys, [*argv, odd]) for name, argv in DEAL_COMMANDS.items()}
    expected = f"error: --deal {quoted(odd)} is not a deal number: {NUMBER_RULE}\n"
    assert said == dict.fromkeys(DEAL_COMMANDS, expected)


@pytest.mark.parametrize("odd", ODD_NUMBERS[:-1])
def test_cm1_the_deal_entry_and_a_deal_id_read_a_number_as_the_commands_do(odd):
    sentence = f"{quoted(odd)} is not a deal number: {NUMBER_RULE}"
    for read in (deal_number, lambda t: read_deal(t, "golf", {}), lambda t: read_deal(f"golf {t}", "golf", {})):
        with pytest.raises(ParseError) as refused:
            read(odd)
        assert str(refused.value) == sentence
    with pytest.raises(ParseError) as refused:
        parse_deal_id(f"golf:{odd}")
    assert str(refused.value) == sentence


@pytest.mark.parametrize("good", ["5", " 5 ", "#5", "005"])
def test_cm1_a_deal_number_may_have_spaces_around_it_a_hash_or_leading_zeros(good):
    assert deal_number(good) == 5
    assert read_deal(good, "golf", {}).number == 5 and parse_deal_id(f"golf:{good.strip()}").number == 5


def test_cm1_solve_reads_a_range_as_two_deal_numbers(capsys):
    for odd in ("1-+5", "٣-5", "5-1", "1-" + "9" * 5000, "15"):
        assert "error: argument --deals:" in refusal(capsys, ["solve", "golf", "--deals", odd])
    said = refusal(capsys, ["hint", "golf", "--deal", "1-" + "9" * 5000, "--follow", "1"])  # was a traceback
    assert said.startswith("error: --deal '999") and "(5,000 characters) is not a deal number" in said


BIG = "x" * 50_000  # a value pasted by mistake: 50 kB
ECHOES = [
    ["--variant", BIG],
    ["--deal", BIG],
    ["--size", BIG],
    ["--frames", BIG],
    ["--lang", BIG],
    ["--speech", BIG],
    [BIG],
    ["deal", BIG],
    ["deal", "klondike", "--deal", BIG],
    ["deal", "klondike", "--option", BIG],
    ["deal", "klondike", "--option", "draw=" + BIG],
    ["deal", "klondike", "--option", BIG + "=1"],
    ["deal", "klondike", "--format", BIG],
    ["deal", "klondike", "--daily", BIG],
    ["deal", "klondike", BIG],
    ["speak", "klondike", "--lang", BIG],
    ["hint", "klondike", "--deal", "1", "--after", BIG],
    ["hint", "klondike", "--deal", "1", "--after", "t1>t2x" + "9" * 50_000],  # was a traceback
    ["hint", "klondike", "--deal", "1", "--follow", BIG],
    ["hint", "klondike", "--deal", "1-" + "9" * 50_000, "--follow", "1"],
    ["demo", "--variant", "golf", "--speed", BIG, "--headless"],
    ["solve", BIG, "--deal", "1"],
    ["solve", "golf", "--deals", BIG],
    ["solve", "golf", "--deal", "1", "--time-limit", BIG],
    ["solve", "golf", "--deal", "1", "--jobs", "9" * 50_000],
    ["shot", "klondike", "--deck", BIG, "--out", "never.png"],
    ["records", "--variant", BIG],
    ["records", "--format", BIG],
    ["history", "--limit", BIG],
]


@pytest.mark.parametrize("argv", ECHOES, ids=lambda a: " ".join(w if len(w) < 20 else "<50 kB>" for w in a))
def test_a_bad_value_is_quoted_short_never_echoed_whole(capsys, argv):
    err = refusal(capsys, argv)
    line = re.sub(r" \(known: [^)]*\)", "", err.strip().splitlines()[-1])  # the games' names grow with the games
    assert len(line) < 400, err[:400]
    assert BIG[: 2 * SHOWN] not in err and "9" * (2 * SHOWN) not in err


def test_the_shared_quote_names_a_long_texts_start_and_its_size_and_never_prints_a_whole_structure():
    assert quoted("abc") == "'abc'"
    assert quoted(BIG) == f"'{'x' * SHOWN}'… (50,000 characters)"
    assert quoted(10**5000) == "a number of more than 38 digits"  # its repr would raise ValueError
    assert quoted([[[]]]) == "a list" and quoted({"a": 1}) == "a table"
    assert len(quoted("\x00" * 1000)) < 5 * SHOWN
    assert shortened(f"argument --lang: invalid choice: {BIG!r} (choose from 'en', 'ja')") == (
        f"argument --lang: invalid choice: {quoted(BIG)} (choose from 'en', 'ja')"
    )
