"""The command line's parser and its readings of values (window sizes, frames, options, deal
numbers). Its refusals quote a bad value short (issue 36, item 17): argparse's own messages
("invalid choice: …", "invalid int value: …", "unrecognized arguments: …") print the whole value,
100 kB of it if that is what was typed; this parser quotes each through
:func:`game.core.quoting.quoted`, as the game's own messages do. Its subcommands' parsers are of
the same class (argparse makes them so)."""

from __future__ import annotations

import argparse
import ast
import re
from collections.abc import Sequence
from typing import Any, NoReturn

from game.core.dealid import deal_number, deal_range, is_number
from game.core.errors import ParseError
from game.core.quoting import SHOWN, quoted

LITERAL = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")  # a str's repr, as argparse quotes a value


def shortened(message: str) -> str:
    """``message`` with every long quoted value in it quoted short."""

    def short(match: re.Match[str]) -> str:
        text = match.group(0)
        if len(text) <= SHOWN + 2:
            return text
        try:
            return quoted(ast.literal_eval(text))
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return quoted(text)

    return LITERAL.sub(short, message)


class Parser(argparse.ArgumentParser):
    def parse_args(self, args: Sequence[str] | None = None, namespace: Any = None) -> Any:  # type: ignore[override]
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error("unrecognized arguments: " + " ".join(quoted(a) if len(a) > SHOWN else a for a in extras))
        return parsed

    def error(self, message: str) -> NoReturn:
        super().error(shortened(message))


def options_of(items: Sequence[str]) -> dict[str, str]:
    """``--option KEY=VALUE``, each of them."""
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise ParseError(f"--option {quoted(item)} is not KEY=VALUE (e.g. --option draw=3)")
        options[key.strip().lower()] = value
    return options


def number_of(flag: str, text: str) -> int:
    """A deal number given to ``flag``, or the one refusal every command gives."""
    try:
        return deal_number(text)
    except ParseError as e:
        raise ParseError(f"{flag} {e}") from None


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH``."""
    w, sep, h = text.lower().partition("x")
    if not sep or not is_number(w) or not is_number(h) or not (200 <= int(w) <= 8192 and 200 <= int(h) <= 8192):
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a window size like 1280x800 (200 to 8192 each way)")
    return int(w), int(h)


def frames_of(text: str) -> int:
    """``--frames N``."""
    if not is_number(text) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a positive number of frames")
    return int(text)


def range_of(text: str) -> tuple[int, int]:
    """``--deals A-B``: deal numbers read as every deal number is."""
    try:
        return deal_range(text)
    except ParseError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
