"""The command line: ``python -m game`` / ``solitaire``.

``deal`` prints a deal's starting position. Errors are one clear line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import sys
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

from game.arguments import Parser, frames_of, number_of, options_of, window_size
from game.core.dealid import MAX_DEAL_NUMBER, DealId, numeral, parse_deal_id
from game.core.errors import ParseError
from game.core.i18n import LANGUAGES
from game.core.quoting import quoted
from game.core.variants import VARIANT_NAMES, alias_text, daily_variant, variant_spec
from game.hint_cli import add_hint
from game.records.report import add_commands
from game.rules.registry import all_rules, start
from game.shot import add_shot
from game.solve_cli import add_solve
from game.speak import add_speak, add_speech_flag

if TYPE_CHECKING:
    from game.app import App
    from game.play.demo import Show

LANGUAGE_CODES = tuple(LANGUAGES)
MIN_SPEED, MAX_SPEED = 0.05, 1000  # the demo's: a move every 20 s at the slowest


def resolve_deal(variant: str, deal: str | None, options: Sequence[str]) -> DealId:
    """A deal ID from the command's pieces: ``--deal`` is a number or a whole ID; no ``--deal``
    means a fresh random number."""
    spec = variant_spec(variant)
    given = options_of(options)
    if deal is None:
        return DealId.make(spec.name, secrets.randbelow(MAX_DEAL_NUMBER) + 1, given)
    if ":" not in deal:
        if numeral(deal):  # meant as a number: read as every command reads one
            return DealId.make(spec.name, number_of("--deal", deal), given)
        raise ParseError(
            f"--deal {quoted(deal)} is neither a deal number nor a deal ID (e.g. 617 or {VARIANT_NAMES[0]}:617:v1)"
        )
    deal_id = parse_deal_id(deal)
    if deal_id.variant != spec.name:
        raise ParseError(f"deal {deal_id} is a {deal_id.variant} deal, not {spec.name}")
    if given:
        merged = dict(deal_id.options)
        merged.update(given)
        deal_id = DealId.make(deal_id.variant, deal_id.number, merged, deal_id.version)
    return deal_id


def _daily_game() -> str:
    """The game and options of the daily deal, for a message: "NAME, draw 1, redeals unlimited"."""
    spec = daily_variant()
    if spec is None:
        return "no game"
    return ", ".join([spec.name, *(f"{k} {v}" for k, v in spec.daily)])


def _forms() -> str:
    """Every game's own forms of a deal, for the help: "fcs: another program's board (NAME)"."""
    forms = [
        f"{key}: {form.what} ({name})" for name, rules in all_rules().items() for key, form in rules.formats().items()
    ]
    return "; ".join(forms) or "none"


def _daily(text: str) -> DealId:
    import datetime

    from game.solver.seeds import daily_deal

    try:
        date = datetime.date.fromisoformat(text)
    except ValueError:
        raise ParseError(f"--daily {quoted(text)} is not a date like 2026-11-29") from None
    return daily_deal(date)


def cmd_deal(args: argparse.Namespace) -> int:
    if args.daily is not None:
        daily, asked = daily_variant(), variant_spec(args.variant)
        if daily is None or asked != daily:
            raise ParseError(f"{asked.name} has no daily deal (the daily deal is of {_daily_game()})")
        if args.deal or args.option:
            raise ParseError("--daily chooses the deal and its options: no --deal or --option with it")
        deal_id = _daily(args.daily)
    else:
        deal_id = resolve_deal(args.variant, args.deal, args.option or [])
    rules, state = start(deal_id)
    if args.format != "text":
        formats = rules.formats()
        if args.format not in formats:
            known = ", ".join(["text", *formats])
            whose = ", ".join(name for name, other in all_rules().items() if args.format in other.formats())
            elsewhere = f"; it is {whose}'s" if whose else ""
            raise ParseError(
                f"--format {quoted(args.format)} is not a form of {rules.name}'s deals (its forms: {known}{elsewhere})"
            )
        sys.stdout.write(formats[args.format].write(state))
        print(f"deal: {deal_id}", file=sys.stderr)
        return 0
    sys.stdout.write(f"deal: {deal_id}\n")
    sys.stdout.write(rules.to_text(state))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    deal = None
    if args.deal is not None:
        text = args.deal.strip()
        deal = parse_deal_id(text) if ":" in text else resolve_deal(args.variant or VARIANT_NAMES[0], text, [])
        if args.variant and variant_spec(args.variant).name != deal.variant:
            raise ParseError(f"deal {deal} is a {deal.variant} deal, not {args.variant}")
    variant = deal.variant if deal else (variant_spec(args.variant).name if args.variant else None)
    if args.kiosk or args.kiosk_config:
        return _kiosk(args)
    from game.platform.display import open_window

    open_window(args.size, args.fullscreen)  # the window first; the app loads behind it (UI-7)
    from game.app import App

    app = App(size=args.size, fullscreen=args.fullscreen, language=args.lang, speech=args.speech)
    app.open_first(variant, deal)
    with stop_handler(app):
        drive(app, args)
    return 0


def drive(app: App, args: argparse.Namespace) -> None:
    """The app's loop: the desktop's, or the coroutine a browser runs (``--asyncio``, UI-12)."""
    if args.asyncio:
        asyncio.run(app.run_async(max_frames=args.frames))
    else:
        app.run(max_frames=args.frames)


def stop_handler(app: App) -> AbstractContextManager[None]:
    """SIGTERM ends the game and the kiosk as Quit does: the loop stops at its next frame and the
    app closes normally (``game.platform``'s handler; a browser page has none)."""
    from game.platform import stop_handler as on_stop

    def stop() -> None:
        app.running = False

    return on_stop(stop)


def _kiosk(args: argparse.Namespace) -> int:
    """UI-5: full screen, touch first, the attract loop first; see README, "Kiosk"."""
    from pathlib import Path

    from game.app import App
    from game.kiosk.config import load_config

    if args.deal or args.variant:
        raise ParseError("--kiosk starts in the attract loop: no --deal or --variant with it")
    config, problems = load_config(Path(args.kiosk_config) if args.kiosk_config else None)
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    app = App(size=args.size, fullscreen=not args.kiosk_window, kiosk=config, language=args.lang, speech=args.speech)
    if app.kiosk_mode is not None:
        for problem in problems:
            app.kiosk_mode.log(problem)
    with stop_handler(app):  # systemctl stop: the kiosk closes as the operator's way out does
        app.kiosk_attract()
        drive(app, args)
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """UI-6: watch games play themselves to a win; ``--headless`` on simulated time, a line per deal."""
    given_deal = args.deal is not None  # an empty --deal is a mistake to report, not "no deal"
    if args.all and (args.variant or given_deal or args.option):
        raise ParseError("--all shows every game: no --variant, --deal or --option with it")
    if not args.all and not args.variant and not given_deal:
        raise ParseError(f"name a game (--variant {VARIANT_NAMES[0]}), a deal (--deal ID) or --all")
    if not MIN_SPEED <= args.speed <= MAX_SPEED:  # false for NaN too
        raise ParseError(f"--speed {args.speed} is not from {MIN_SPEED} to {MAX_SPEED} (1: about a move a second)")
    from game.play.demo import Show, cycle, every_show

    if args.all:
        shows = every_show()
    elif given_deal:  # a number needs --variant; a whole ID names its game
        variant = args.variant or parse_deal_id(args.deal).variant
        deal = resolve_deal(variant, args.deal, args.option or [])
        shows = [Show(deal.variant, dict(deal.options), deal)]
    else:
        deal = resolve_deal(args.variant, "1", args.option or [])  # checks the variant and the options
        shows = [Show(deal.variant, dict(deal.options))]
    if args.headless:
        return _demo_headless(shows, args.speed)
    from game.app import App
    from game.scenes.demo import DemoScene

    app = App(size=args.size, fullscreen=args.fullscreen, language=args.lang)
    app.replace(DemoScene(app, cycle(shows) if args.all else iter(shows), args.speed, cycling=args.all))
    app.run(max_frames=args.frames)
    return 0


def _demo_headless(shows: Sequence[Show], speed: float) -> int:
    import os
    import tempfile
    from pathlib import Path

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.scenes.demo import DemoScene, run_headless
    from game.solver.seeds import winnable_numbers
    from game.store import Store

    for show in shows:  # the deals come from the seeds lists: a damaged one is told here, not on no screen
        if show.deal is None:
            winnable_numbers(show.variant, dict(show.options))
    _warn_seeds("")
    all_won = True
    with tempfile.TemporaryDirectory() as tmp:  # a demo writes nothing, and the player's folder is not even read
        app = App(size=(1280, 800), store=Store(Path(tmp)))
        for show in shows:
            demo = DemoScene(app, iter([show]), speed)
            app.replace(demo)
            won = run_headless(app, demo)
            deal = demo.session.deal_id
            if won:
                print(f"demo {deal} won in {demo.session.moves} moves, {demo.frames_to_win} frames", flush=True)
            else:
                print(f"demo {deal} not won ({demo.session.moves} moves played)", flush=True)
            all_won = all_won and won
        app.close()
    return 0 if all_won else 1


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="solitaire",
        description="A solitaire collection. With no command, opens the game window.",
    )
    parser.add_argument("--variant", help=f"the game to open ({VARIANT_NAMES[0]}); its saved game continues")
    parser.add_argument("--deal", help="a deal ID or number to play")
    parser.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    parser.add_argument(
        "--size", type=window_size, default=(1280, 800), metavar="WxH", help="window size, e.g. 1280x800"
    )
    parser.add_argument("--frames", type=frames_of, metavar="N", help="run N frames, then exit (smoke tests)")
    parser.add_argument("--asyncio", action="store_true", help="run the loop as a coroutine, as a browser does")
    parser.add_argument("--kiosk", action="store_true", help="run as a touchscreen kiosk (see the README)")
    parser.add_argument(
        "--lang", choices=LANGUAGE_CODES, help="en, ja or it (else SOLITAIRE_LANG, Settings, the system)"
    )
    add_speech_flag(parser)  # --speech auto|on|off|log:FILE (CM-19)
    parser.add_argument("--kiosk-config", metavar="FILE", help="the kiosk's TOML settings (implies --kiosk)")
    parser.add_argument("--kiosk-window", action="store_true", help=argparse.SUPPRESS)  # try a kiosk in a window
    parser.set_defaults(func=cmd_play)
    sub = parser.add_subparsers(dest="command")
    deal = sub.add_parser("deal", help="print a deal's starting position")
    deal.add_argument("variant", help=f"one of: {', '.join(VARIANT_NAMES)} ({alias_text()})")
    deal.add_argument("--deal", help="a deal number (1 to 2147483647) or a whole deal ID; random if left out")
    deal.add_argument("--option", action="append", metavar="KEY=VALUE", help="e.g. draw=3, redeals=1, suits=4")
    deal.add_argument("--format", default="text", help=f"text, or a game's own form ({_forms()})")
    deal.add_argument("--daily", metavar="YYYY-MM-DD", help=f"the daily deal of that date, of {_daily_game()} (KL-12)")
    deal.set_defaults(func=cmd_deal)
    add_shot(sub, window_size, LANGUAGE_CODES, resolve_deal)  # a picture of a table, in any look (UI-9)
    add_speak(sub, LANGUAGE_CODES, resolve_deal)  # the table read aloud, as text (CM-19)
    add_hint(sub, LANGUAGE_CODES, resolve_deal)  # a deal's hint, or the deal played by its hints (CM-20)
    demo = sub.add_parser("demo", help="watch games play themselves to a win (UI-6)")
    demo.add_argument("--variant", help="the game to show")
    demo.add_argument("--all", action="store_true", help="every game and option set in turn, for ever")
    demo.add_argument("--deal", help="a deal ID (or number, with --variant) to show; it must be winnable")
    demo.add_argument("--option", action="append", metavar="KEY=VALUE")
    demo.add_argument("--speed", type=float, default=1.0, help="1 is about one move a second (default)")
    demo.add_argument("--headless", action="store_true", help="no window, simulated time; one line per deal")
    demo.add_argument("--size", type=window_size, default=(1280, 800), metavar="WxH")
    demo.add_argument("--fullscreen", action="store_true")
    demo.add_argument("--frames", type=frames_of, metavar="N", help="run N frames, then exit")
    demo.add_argument("--lang", choices=LANGUAGE_CODES, help="en, ja or it")
    demo.set_defaults(func=cmd_demo)
    add_solve(sub)  # deals solved: solved / unsolvable / unknown
    add_commands(sub)  # records and history (CM-9)
    return parser


def _warn_seeds(error: str) -> None:
    """A seeds list the command read damaged (its bad lines left out, or the whole list): said on
    stderr once, unless the command's error already names it (issue 36 item 17)."""
    if "game.solver.seeds" in sys.modules:  # only a command that chose a deal can have read a list
        from game.deals import seeds_news

        for line in seeds_news(said=error):
            print(f"warning: {line}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    # The window's class (WM_CLASS) is "solitaire", not "__main__.py"; SDL reads it only when it is
    # set before pygame is first imported, which the commands below do.
    os.environ.setdefault("SDL_VIDEO_X11_WMCLASS", "solitaire")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        result: int = args.func(args)
        _warn_seeds("")
        sys.stdout.flush()
        return result
    except ParseError as e:
        _warn_seeds(str(e))
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # `... | head -1`: the reader has gone, and that is fine
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
