"""The ``speak`` command (CM-19): the whole-table reading of a deal's start, as a screen reader
would hear it from the reading key, in any language::

    python -m game speak VARIANT [--deal ID] [--option K=V] [--lang L]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from game.core.dealid import DealId
from game.core.i18n import set_language
from game.core.quoting import quoted


def add_speak(sub: Any, languages: Sequence[str], resolve: Callable[[str, str | None, Sequence[str]], DealId]) -> None:
    """``resolve``: the command line's reading of VARIANT, --deal and --option into a deal ID."""
    speak = sub.add_parser("speak", help="print the spoken reading of a deal's starting table (CM-19)")
    speak.add_argument("variant")
    speak.add_argument("--deal", help="a deal number or ID; random if left out")
    speak.add_argument("--option", action="append", metavar="KEY=VALUE")
    speak.add_argument("--lang", choices=languages, default="en", help="en, ja or it")
    speak.set_defaults(func=cmd_speak, resolve=resolve)


def speech_choice(text: str) -> str:
    """``--speech``: auto, on, off or log:FILE."""
    if text in ("auto", "on", "off") or (text.startswith("log:") and len(text) > 4):
        return text
    raise argparse.ArgumentTypeError(f"{quoted(text)}: use auto, on, off or log:FILE")


def add_speech_flag(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--speech",
        type=speech_choice,
        metavar="auto|on|off|log:FILE",
        help="spoken play: auto (on when a screen reader runs), on, off, or log:FILE (each "
        "announcement a line of FILE); the default is the Settings' choice",
    )


def cmd_speak(args: argparse.Namespace) -> int:
    from game.games.index import game_for
    from game.rules.registry import start
    from game.speech.game_words import whole_table

    deal_id = args.resolve(args.variant, args.deal, args.option or [])
    set_language(args.lang)
    _, state = start(deal_id)
    sys.stdout.write(f"deal: {deal_id}\n")
    for line in whole_table(game_for(deal_id.variant).seen(state)):
        sys.stdout.write(line + "\n")
    return 0
