"""The ``hint`` command (CM-20): a deal's hint, as the window gives it, in text::

    python -m game hint VARIANT --deal N [--option K=V] [--after MOVES] [--follow N] [--jobs J] [--lang L]

The hint for the deal's start, or for the position after ``--after`` (moves in their text form,
``"t3>t6 draw w>f1"``): the move, the share of the worlds of the hidden cards it keeps winnable,
and why. With ``--follow N`` the deal is played by taking the hint up to N times (``--deal`` may
then be a range, ``1-20``, played ``--jobs`` at a time): each hint, then one line that begins
``won``, ``stuck`` or ``out of hints``. It runs the table the window runs (``game/play/follow.py``).
Junk — an unknown game or option, a deal number out of range, a move that is no move or not legal
there — is one clear line on stderr and exit status 2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.core.dealid import DealId, deal_range
from game.core.errors import IllegalMove, ParseError
from game.core.i18n import set_language
from game.core.quoting import SHOWN, quoted
from game.rules.base import Move, parse_move

MAX_FOLLOW = 100_000
MAX_JOBS = 64
MAX_RANGE = 100_000  # deals of a range followed
Resolve = Callable[[str, str | None, Sequence[str]], DealId]


def add_hint(sub: Any, languages: Sequence[str], resolve: Resolve) -> None:
    """``resolve``: the command line's reading of VARIANT, --deal and --option into a deal ID."""
    hint = sub.add_parser("hint", help="the hint for a deal or a position; --follow plays a deal by its hints (CM-20)")
    hint.add_argument("variant")
    hint.add_argument("--deal", required=True, help="a deal number or ID (with --follow, a range such as 1-20)")
    hint.add_argument("--option", action="append", metavar="KEY=VALUE", help="e.g. draw=3, suits=4")
    hint.add_argument("--after", default="", metavar="MOVES", help='the moves played first, e.g. "t3>t6 draw w>f1"')
    hint.add_argument("--follow", type=int, metavar="N", help="play the deal by taking the hint up to N times")
    hint.add_argument("--jobs", type=int, default=1, help="deals played at once with --follow and a range")
    hint.add_argument("--lang", choices=languages, default="en", help="en, ja or it")
    hint.set_defaults(func=cmd_hint, resolve=resolve)


def moves_of(text: str) -> list[Move]:
    """``--after``'s moves, separated by spaces or commas. A word longer than any move is refused
    here, quoted short (the rules' parser quotes what it refuses whole, and a count of thousands of
    digits would be a ValueError there)."""
    words = text.replace(",", " ").split()
    for word in words:
        if len(word) > SHOWN:
            raise ParseError(
                f"--after: {quoted(word)} is not a move (e.g. t3>t5, t3>t5x4, draw, recycle, deal, p7.1+w)"
            )
    return [parse_move(word) for word in words]


def deals_of(args: Any) -> list[DealId]:
    """``--deal``: one deal, or (with --follow) a range of deal numbers."""
    if args.follow is not None and "-" in args.deal and ":" not in args.deal:
        try:
            a, b = deal_range(args.deal)
        except ParseError as e:
            raise ParseError(f"--deal {e}") from None
        if b - a >= MAX_RANGE:
            raise ParseError(f"--deal {args.deal.strip()} is more than {MAX_RANGE:,} deals")
        return [args.resolve(args.variant, str(n), args.option or []) for n in range(a, b + 1)]
    return [args.resolve(args.variant, args.deal, args.option or [])]


def cmd_hint(args: Any) -> int:
    if args.follow is not None and not 1 <= args.follow <= MAX_FOLLOW:
        raise ParseError(f"--follow {args.follow} is not from 1 to {MAX_FOLLOW}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise ParseError(f"--jobs {args.jobs} is not from 1 to {MAX_JOBS}")
    deals = deals_of(args)
    after = moves_of(args.after)
    set_language(args.lang)
    checked = [check_line(deal, after) for deal in deals]
    if args.follow is None:
        print(hint_now(checked[0], after))
        return 0
    tasks = [(str(deal), args.after, args.follow, args.lang) for deal in deals]
    if args.jobs > 1 and len(tasks) > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            for text in pool.imap(followed, tasks):
                print(text, flush=True)
    else:
        for task in tasks:
            print(followed(task), flush=True)
    return 0


def check_line(deal: DealId, moves: list[Move]) -> DealId:
    """``moves`` can be played from the deal's start, or a clear ParseError says which cannot."""
    from game.rules.history import History
    from game.rules.registry import start

    rules, state = start(deal)
    try:
        History.replay(rules, state, moves)
    except IllegalMove as e:
        raise ParseError(f"--after: {e.reason}") from None
    return deal


def hint_now(deal: DealId, moves: list[Move]) -> str:
    """The hint for the position after ``moves``, as the window's table gives it."""
    from game.games.index import game_for
    from game.play.follow import follow

    lines = [f"deal: {deal}"]
    for step in follow(deal, 1, game_for, moves):
        lines.append(step_text(step))
        break
    return "\n".join(lines)


def followed(task: tuple[str, str, int, str]) -> str:
    """One deal played by its hints (in a worker too): every hint, then how it ended."""
    from game.core.dealid import parse_deal_id
    from game.games.index import game_for
    from game.play.follow import follow

    deal_text, after, limit, language = task
    set_language(language)
    deal = parse_deal_id(deal_text)
    lines = [f"deal: {deal}"]
    lines += [step_text(step) for step in follow(deal, limit, game_for, moves_of(after))]
    return "\n".join(lines)


def step_text(step: object) -> str:
    from game.play.follow import Asked, Ended

    if isinstance(step, Asked):
        move = str(step.move) if step.move is not None else "-"
        share = f"{step.share[0]}/{step.share[1]}" if step.share else "-"
        return f"{step.number:>4}  {move:<10} {share:>5}  {step.text}  ({step.seconds:.3f} s)"
    assert isinstance(step, Ended)
    return f"{step.how} after {step.hints} hints, {step.moves} moves"
