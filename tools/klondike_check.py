"""Settle hard Klondike deals with an independent complete search in C (tools/klondike_check.c):
won (the line replayed through the game's rules) or lost (every position searched), where the
game's Python solver runs out of memory and time.

    python tools/klondike_check.py --deals 40,60,75 [--draw 1] [--table-bits 26]
                                   [--max-positions N] [--jobs 1]

Needs a C compiler (``cc``); the program is built once into a temporary folder. Each process
takes 16 bytes x 2^table-bits of memory (26: 1 GiB) and stops, UNKNOWN, at 70 % of the table.
The C program searches the moves of the Python solver's complete mode, so on a deal both prove
lost they count the same positions (deal 38, draw 1: 588,930): that ties the two together.
Unlimited redeals only (the deals the solve-rate targets are about).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NoReturn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.dealid import DealId, deal_number, deal_range
from game.core.errors import ParseError
from game.games.klondike.problem import KMove
from game.games.klondike.rules import KlondikeState
from game.games.klondike.solver import to_rules_moves
from game.rules.registry import start

SOURCE = Path(__file__).with_suffix(".c")


def fail(message: str) -> NoReturn:
    """One line on stderr and exit 2: a bad value never gives a traceback."""
    print(f"klondike_check: {message}", file=sys.stderr)
    raise SystemExit(2)


def build() -> Path:
    """The C program, compiled once per version of its source."""
    digest = hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:12]
    exe = Path(tempfile.gettempdir()) / f"solitaire-klondike-check-{digest}"
    if not exe.exists():
        cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
        if cc is None:
            fail("no C compiler (cc, gcc or clang) found")
        part = exe.with_name(f"{exe.name}.{os.getpid()}")  # renamed when whole: a second run never sees half a file
        made = subprocess.run([cc, "-O2", "-o", str(part), str(SOURCE)], capture_output=True, text=True)
        if made.returncode:
            fail(f"{SOURCE.name} did not compile: {made.stderr.strip().splitlines()[-1:]}")
        part.replace(exe)
    return exe


def program_input(state: KlondikeState) -> str:
    """The position as klondike_check.c reads it."""
    talon = list(state.waste) + list(reversed(state.stock))
    home = [0, 0, 0, 0]
    for top in state.foundations:
        if top >= 0:
            home[top // 13] = top % 13 + 1
    lines = [str(state.draw)]
    lines += [f"{state.down[i]} {len(col)} " + " ".join(map(str, col)) for i, col in enumerate(state.tableau)]
    lines.append(f"{len(talon)} {len(state.waste)} " + " ".join(map(str, talon)))
    lines.append(" ".join(map(str, home)))
    return "\n".join(lines) + "\n"


def check(task: tuple[Path, int, int, int, int]) -> str:
    """One deal: its verdict, positions and seconds; a win replayed through the rules."""
    exe, number, draw, bits, most = task
    deal = DealId.make("klondike", number, {"draw": str(draw), "redeals": "unlimited"})
    rules, state = start(deal)
    began = time.perf_counter()
    ran = subprocess.run([str(exe), str(bits), str(most)], input=program_input(state), capture_output=True, text=True)
    seconds = time.perf_counter() - began
    if ran.returncode:  # out of memory for the table, most likely
        return f"{deal}: failed, {ran.stderr.strip() or f'exit {ran.returncode}'}"
    out = ran.stdout.splitlines()
    verdict, positions = out[0].split()
    note = ""
    if verdict == "WON":
        line = [KMove(*map(int, text.split())) for text in out[1:]]
        moves = to_rules_moves(state, line)
        s = state
        for m in moves:
            s, _ = rules.apply(s, m)
        if not rules.is_won(s):
            raise AssertionError(f"{deal}: the C program's line does not win")
        note = f", a line of {len(moves)} moves replayed to a win"
    return f"{deal}: {verdict.lower()}, {int(positions):,} positions, {seconds:.1f} s{note}"


def deal_numbers(text: str) -> list[int]:
    """ "40,60" or "1-20" or both mixed; each number read as every command reads one."""
    numbers: list[int] = []
    for part in text.split(","):
        try:
            first, last = deal_range(part) if "-" in part else (deal_number(part),) * 2
        except ParseError as e:
            fail(f"{e} (deals are written 40,60 or 1-20)")
        numbers.extend(range(first, last + 1))
    return numbers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", required=True, help="deal numbers: 40,60 or 1-20")
    parser.add_argument("--draw", type=int, choices=(1, 3), default=1)
    parser.add_argument("--table-bits", type=int, default=26, help="2^bits positions' room (16 bytes each)")
    parser.add_argument("--max-positions", type=int, default=0, help="stop a deal there (0: 70 %% of the table)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    if not 10 <= args.table_bits <= 34 or args.jobs < 1 or args.max_positions < 0:
        fail("--table-bits 10 to 34, --jobs at least 1, --max-positions not below 0")
    numbers = deal_numbers(args.deals)
    exe = build()
    print(f"# {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores", flush=True)
    tasks = [(exe, n, args.draw, args.table_bits, args.max_positions) for n in numbers]
    counts = {"won": 0, "lost": 0, "unknown": 0, "failed": 0}
    with ProcessPoolExecutor(args.jobs) as pool:
        for text in pool.map(check, tasks):
            print(text, flush=True)
            counts[text.split(": ")[1].split(",")[0]] += 1
    print(f"# won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']}, failed {counts['failed']}")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
