"""The ``shot`` command: a deal's starting table rendered headless to a PNG, in any language and
any look (SPEC UI-9) — for documentation, for comparing decks side by side, and for checking a
layout at a size without a window.

    python -m game shot VARIANT [--deal ID] [--size WxH] [--lang ja] [--deck classic|four-colour|large-print]
                                [--table green|blue|dark] [--back blue|red|green] [--left-handed] --out FILE.png
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.look import BACKS, DECKS, TABLES, Look
from game.core.quoting import clipped, quoted

WHY = 200  # characters of the reason the system gives (it may name the path again)


def add_shot(
    sub: Any,
    size: Callable[[str], tuple[int, int]],
    languages: Sequence[str],
    resolve: Callable[[str, str | None, Sequence[str]], DealId],
) -> None:
    """``resolve``: the command line's reading of VARIANT, --deal and --option into a deal ID."""
    shot = sub.add_parser("shot", help="render a deal's starting table to a PNG, headless")
    shot.add_argument("variant")
    shot.add_argument("--deal", help="a deal number or ID; random if left out")
    shot.add_argument("--option", action="append", metavar="KEY=VALUE")
    shot.add_argument("--size", type=size, default=(1280, 800), metavar="WxH")
    shot.add_argument("--out", required=True, help="the PNG file to write")
    shot.add_argument("--lang", choices=languages, help="en, ja or it")
    shot.add_argument("--deck", choices=DECKS, default=DECKS[0])
    shot.add_argument("--table", choices=TABLES, default=TABLES[0])
    shot.add_argument("--back", choices=BACKS, default=BACKS[0], help="the card back's colour")
    shot.add_argument("--left-handed", action="store_true", help="the stock on the other side")
    shot.set_defaults(func=cmd_shot, resolve=resolve)


def cmd_shot(args: argparse.Namespace) -> int:
    """Render a deal's starting table headless to a PNG."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    deal_id = args.resolve(args.variant, args.deal, args.option or [])
    import pygame

    from game.app import App
    from game.session import Session
    from game.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        app = App(size=args.size, store=Store(Path(tmp)), language=args.lang)
        for problem in app.store.problems:  # a damaged catalog: the shot is in English, and this says why
            print(f"note: {problem}", file=sys.stderr)
        app.settings.animation = "off"
        app.settings.look = Look(deck=args.deck, table=args.table, back=args.back, left_handed=args.left_handed)
        app.apply_look()
        app.open_game(Session(deal_id))
        for _ in range(3):
            app.step(1 / 60)
        try:
            pygame.image.save(app.screen, args.out)
        except (pygame.error, OSError) as e:
            raise ParseError(f"--out {quoted(args.out)} cannot be written: {clipped(str(e), WHY)}") from None
    print(f"{args.out}: {deal_id} at {args.size[0]}x{args.size[1]}")
    return 0
