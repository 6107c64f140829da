"""The command line: ``python -m game`` / ``solitaire``.

``deal`` prints a deal's starting position. Errors are one clear line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence

from game.core.dealid import MAX_DEAL_NUMBER, DealId, parse_deal_id
from game.core.errors import ParseError
from game.core.variants import VARIANT_NAMES, variant_spec
from game.rules.freecell import FreeCell
from game.rules.registry import start


def _parse_options(items: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key or not value:
            raise ParseError(f"--option {item!r} is not KEY=VALUE (e.g. --option draw=3)")
        options[key.strip().lower()] = value
    return options


def resolve_deal(variant: str, deal: str | None, options: Sequence[str]) -> DealId:
    """A deal ID from the command's pieces: ``--deal`` is a number or a whole ID; no ``--deal``
    means a fresh random number."""
    spec = variant_spec(variant)
    given = _parse_options(options)
    if deal is None:
        return DealId.make(spec.name, secrets.randbelow(MAX_DEAL_NUMBER) + 1, given)
    text = deal.strip().lstrip("#")
    if text.isdigit():
        return DealId.make(spec.name, int(text), given)
    if ":" not in text:
        raise ParseError(f"--deal {deal!r} is neither a deal number nor a deal ID (e.g. 617 or freecell:617:v1)")
    deal_id = parse_deal_id(deal)
    if deal_id.variant != spec.name:
        raise ParseError(f"deal {deal_id} is a {deal_id.variant} deal, not {spec.name}")
    if given:
        merged = dict(deal_id.options)
        merged.update(given)
        deal_id = DealId.make(deal_id.variant, deal_id.number, merged, deal_id.version)
    return deal_id


def cmd_deal(args: argparse.Namespace) -> int:
    deal_id = resolve_deal(args.variant, args.deal, args.option or [])
    rules, state = start(deal_id)
    if args.format == "fcs":
        if not isinstance(rules, FreeCell):
            raise ParseError("--format fcs is Freecell Solver's board format: it exists only for freecell")
        sys.stdout.write(rules.to_fcs(state))
        print(f"deal: {deal_id}", file=sys.stderr)
        return 0
    sys.stdout.write(f"deal: {deal_id}\n")
    sys.stdout.write(rules.to_text(state))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="solitaire", description="A solitaire collection.")
    sub = parser.add_subparsers(dest="command")
    deal = sub.add_parser("deal", help="print a deal's starting position")
    deal.add_argument("variant", help=f"one of: {', '.join(VARIANT_NAMES)} (gaps and montana mean addiction)")
    deal.add_argument("--deal", help="a deal number (1 to 2147483647) or a whole deal ID; random if left out")
    deal.add_argument("--option", action="append", metavar="KEY=VALUE", help="e.g. draw=3, redeals=1, suits=4")
    deal.add_argument("--format", choices=("text", "fcs"), default="text", help="fcs: Freecell Solver's board")
    deal.set_defaults(func=cmd_deal)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        result: int = args.func(args)
        return result
    except ParseError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
