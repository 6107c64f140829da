"""Play a game blind (CM-19): keys in, the spoken transcript out — nothing else is looked at.

The game runs in a real X window with ``--speech log:FILE``; this player presses keys with
xdotool and reads only FILE, the lines a screen reader would have said. Each turn it asks for a
hint (H) and reads it ("Hint: ten of hearts to column 4. ..."), reads the whole table (T) to hear
where that card lies, walks the focus there by the arrows, listening to each announcement, picks
the card up (Enter), walks to the place the hint named and puts it down (Enter), and checks the
move was said. It stops when "You won!" is said::

    tools/xwindow.sh start 1280x800 -- --variant freecell --deal 1 --speech log:/tmp/said.txt
    python tools/blind_play.py --display :88 --log /tmp/said.txt
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

CARD = re.compile(
    r"^(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of (spades|hearts|diamonds|clubs)$"
)
TOP_ROW = ("stock", "waste", "foundation", "free cell")


class Ears:
    """The transcript, read as it grows."""

    def __init__(self, path: Path, display: str) -> None:
        self.path, self.seen = path, 0
        self.env = dict(os.environ, DISPLAY=display)
        self.heard: list[str] = []

    def new(self) -> list[str]:
        lines = self.path.read_text(encoding="utf-8").splitlines() if self.path.exists() else []
        fresh, self.seen = lines[self.seen :], len(lines)
        self.heard += fresh
        return fresh

    def press(self, key: str, wait: float = 0.12) -> list[str]:
        self.new()
        subprocess.run(["xdotool", "key", key], env=self.env, check=True)
        deadline = time.monotonic() + 3.0
        time.sleep(wait)
        fresh = self.new()
        while not fresh and time.monotonic() < deadline:
            time.sleep(0.05)
            fresh = self.new()
        return fresh


def place_of(line: str) -> tuple[str, str]:
    """(card, pile) of a focus announcement: "Ten of hearts, column 3, ..." / "Column 2, empty, ..."."""
    parts = [p.strip().lower() for p in line.split(", ")]
    if parts[0].startswith(("column", "foundation", "free cell", "waste", "stock")):
        return "", parts[0]
    return parts[0], parts[1] if len(parts) > 1 else ""


def table(ears: Ears) -> dict[str, list[str]]:
    """The whole table (T), as pile -> its face-up cards, bottom first."""
    said = next((line for line in reversed(ears.press("t")) if ": " in line), "")
    piles: dict[str, list[str]] = {}
    for sentence in said.split(". "):
        name, colon, rest = sentence.partition(": ")
        if colon:
            items = [i.strip().rstrip(".").removesuffix(" on top").lower() for i in rest.split(", ")]
            piles[name.lower()] = [i for i in items if CARD.match(i)]
    return piles


def row_of(pile: str) -> int:
    return 0 if pile.startswith(TOP_ROW) else 1


def walk_to(ears: Ears, pile: str, card: str, order: list[str]) -> None:
    """Arrows until the focus announcement names ``pile`` (and ``card`` in it, when given)."""
    here_card, here = place_of((ears.press("Down") or ["?"])[-1])
    for _ in range(80):
        if here == pile and (not card or here_card == card):
            return
        if row_of(here) != row_of(pile):
            key = "Up" if row_of(pile) == 0 else "Down"
        elif here != pile:
            key = "Right"
        else:
            key = "Up" if order.index(card) < order.index(here_card) else "Down"
        lines = ears.press(key)
        if lines:
            here_card, here = place_of(lines[-1])
    raise SystemExit(f"lost: never reached {card or pile} (last heard: {ears.heard[-1]!r})")


def quiet(ears: Ears, still: float = 0.6) -> None:
    """Wait until nothing new is said for ``still`` seconds (auto-collect, the win cascade)."""
    last = time.monotonic()
    while time.monotonic() - last < still:
        time.sleep(0.1)
        if ears.new():
            last = time.monotonic()


LAST: list[tuple[str, str, str]] = []  # the moves made by ear: (card, from, to)


def turn(ears: Ears) -> bool:
    """One hinted move, made by ear; False once the game is won."""
    quiet(ears)
    if any("You won" in x for x in ears.heard[-8:]):
        return False
    hint = ""
    for line in ears.press("h", wait=0.3):
        hint = line
    deadline = time.monotonic() + 60
    while (not hint.startswith("Hint:") or "Computing" in hint) and time.monotonic() < deadline:
        time.sleep(0.2)
        hint = next((x for x in reversed(ears.new()) if x.startswith("Hint:")), hint)
    print("heard:", hint, flush=True)
    if any("You won" in x for x in ears.heard[-5:]) or "You won" in hint:
        return False
    if "turn the stock" in hint.lower() or "turn the waste over" in hint.lower():
        print("  said:", ears.press("d", wait=0.3), flush=True)
        return True
    m = re.match(r"Hint: (.+?) to (.+?)\. ", hint)
    if not m:
        raise SystemExit(f"a hint I cannot follow: {hint!r}")
    card, dest = m.group(1).lower(), m.group(2).lower()
    piles = table(ears)
    src = next(p for p, cards in piles.items() if card in cards)
    if (LAST and LAST[-1] == (card, dest, src)) or src.startswith("foundation"):
        # a hint that takes back the move just made, or a card off its foundation: such hints can
        # go round in a loop (Klondike's do), so a player turns the stock instead
        print("  not taking that hint; turning the stock instead:", ears.press("d", wait=0.3), flush=True)
        LAST.append(("", "", ""))
        return True
    LAST.append((card, src, dest))
    walk_to(ears, src, card, piles[src])
    picked = ears.press("Return")
    print("  said:", picked, flush=True)
    walk_to(ears, dest, "", [])
    placed = ears.press("Return", wait=0.3)
    print("  said:", placed, flush=True)
    if not any(f" to {dest}" in x.lower() for x in placed):
        raise SystemExit(f"the move was not said: {placed!r}")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--display", default=":88")
    parser.add_argument("--log", required=True, type=Path)
    parser.add_argument("--max-moves", type=int, default=400)
    args = parser.parse_args()
    ears = Ears(args.log, args.display)
    ears.new()
    for moves in range(args.max_moves):
        if not turn(ears):
            time.sleep(3)
            print("won after", moves, "hinted moves; last heard:", ears.new()[-3:] or ears.heard[-3:])
            return 0
    print("not won within", args.max_moves, "moves")
    return 1


if __name__ == "__main__":
    sys.exit(main())
