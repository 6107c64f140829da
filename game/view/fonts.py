"""The shipped font (Noto Sans CJK JP subset: Latin, ♠♥♦♣, kana, kanji) and a cache of rendered text.

The default pygame font has neither the card suits nor Japanese, so every piece of text the game
draws comes through here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

import pygame

from game.resources import data_dir

FONT_DIR = data_dir("assets") / "fonts"
REGULAR = FONT_DIR / "NotoSansJP-Subset-Regular.otf"
BOLD = FONT_DIR / "NotoSansJP-Subset-Bold.otf"

Color = tuple[int, int, int] | tuple[int, int, int, int]
SMALLEST = 11  # px: no text is drawn smaller, at any window size


def quantise(size: float) -> int:
    """Font sizes in steps (exact up to 16 px, then every 2 px, then every 4 px past 40): each
    size is a face of its own, about a third of a MiB, so fewer sizes keep memory low."""
    n = max(6, int(size))
    return n if n <= 16 else n - n % 2 if n <= 40 else n - n % 4


@lru_cache(maxsize=12)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(BOLD if bold else REGULAR), quantise(size))


@lru_cache(maxsize=512)
def text(message: str, size: int, color: Color, bold: bool = False) -> pygame.Surface:
    """``message`` rendered anti-aliased at ``size`` px (cached: HUD text changes rarely)."""
    return font(quantise(size), bold).render(message, True, color)


def fit_text(message: str, size: int, color: Color, max_width: float, bold: bool = False) -> pygame.Surface:
    """Rendered at ``size`` or smaller, so that it fits ``max_width`` — but never below
    :data:`SMALLEST`: a box too narrow for its text at that size is a layout fault (the sizes
    test finds it), not a reason to draw something nobody can read."""
    return text(message, fitting_size(message, size, max_width, bold), color, bold)


def fits(message: str, max_width: float, size: int = SMALLEST, bold: bool = False) -> bool:
    """Whether ``message`` fits ``max_width`` at ``size`` (by default the smallest size drawn)."""
    return font(quantise(size), bold).size(message)[0] <= max_width


def fitting_size(message: str, size: int, max_width: float, bold: bool = False) -> int:
    """The size :func:`fit_text` draws at (a row of labels can share the smallest of theirs)."""
    size = max(quantise(size), SMALLEST)
    if max_width <= 0:  # no room at all (a window shrunk to nothing): the smallest size, nothing to measure
        return SMALLEST
    width = font(size, bold).size(message)[0]
    if width > max_width and size > SMALLEST:  # straight to the size that fits, then fine steps
        size = max(SMALLEST, quantise(size * max_width / width))
        width = font(size, bold).size(message)[0]
    while width > max_width and size > SMALLEST:
        size = max(SMALLEST, quantise(size * 0.9))
        width = font(size, bold).size(message)[0]
    return size


# A piece a line may end after, where no phrase is known: a word with its trailing spaces, or one
# character of Japanese (which puts no spaces between words).
PIECES = re.compile(r"[\u2e80-\uffff]|[^\s\u2e80-\uffff]+\s*|\s+")
JAPANESE = re.compile(r"[\u2e80-\uffff]")

# Japanese line breaking (kinsoku shori, JIS X 4051): closing brackets, the marks that end a
# sentence or a clause, the prolonged sound mark, the small kana and the iteration marks never
# begin a line (行頭禁則); an opening bracket never ends one (行末禁則). ASCII's own are here too,
# for where they follow a Japanese character ("K）", "だ!").
NO_LINE_START = frozenset(
    "、。，．・：；？！ー―‐）］｝〕〉》」』】〙〗〟’”｠»ヽヾゝゞ々〻…‥〜～"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    ",.:;!?)]}%"
)
NO_LINE_END = frozenset("（［｛〔〈《「『【〘〖〝‘“｟«([{")


def _legal_pieces(text: str) -> list[str]:
    """``text`` as the smallest pieces a line may break between: :data:`PIECES`, with a mark that
    may not begin a line joined to the piece before it and a mark that may not end a line joined to
    the piece after it, so that breaking between them keeps both rules ("プ。", "「山")."""
    units: list[str] = []
    join_next = False
    for piece in PIECES.findall(text):
        if units and (join_next or piece[0] in NO_LINE_START):
            units[-1] += piece
        else:
            units.append(piece)
        join_next = bool(piece.strip()) and piece[-1] in NO_LINE_END
    return units


@lru_cache(maxsize=1)
def _japanese_parser() -> Callable[[str], list[str]] | None:
    """BudouX's Japanese phrase segmenter (loaded on the first Japanese text; its model ships in
    its wheel), or None where it is not installed: lines then break at any legal character."""
    try:
        import budoux
    except ImportError:
        return None
    parse: Callable[[str], list[str]] = budoux.load_default_japanese_parser().parse
    return parse


def _phrase_starts(text: str) -> frozenset[int]:
    """Where in ``text`` a Japanese phrase begins (BudouX's boundaries, the first excepted)."""
    parse = _japanese_parser()
    if parse is None:
        return frozenset(range(1, len(text)))
    starts, at = set(), 0
    for phrase in parse(text):
        at += len(phrase)
        starts.add(at)
    return frozenset(starts)


@lru_cache(maxsize=1024)
def _units(text: str) -> tuple[str, ...]:
    """``text`` as the units a line may break between, each kept whole where it fits a line.

    Without Japanese: words with their trailing spaces. With it: the legal pieces
    (:func:`_legal_pieces`: kinsoku on each character) joined into phrases, so that a line breaks
    after a space or between two of BudouX's phrases, never inside a word (「消えま/す」,
    「6/通り」): a piece is joined to the one before unless a space ends that one or a phrase
    begins with it. Cached: a screen asks for the same texts every frame."""
    pieces = _legal_pieces(text)
    if not JAPANESE.search(text):
        return tuple(pieces)
    starts = _phrase_starts(text)
    units: list[str] = []
    at = 0
    for piece in pieces:
        if units and not units[-1][-1].isspace() and at not in starts:
            units[-1] += piece
        else:
            units.append(piece)
        at += len(piece)
    return tuple(units)


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width``, broken after a word or between two Japanese
    phrases (:func:`_units`), but never before a mark Japanese keeps off a line's start
    (。、」ー…) nor after one it keeps off a line's end (「（): the character before such a mark
    goes down with it. A phrase wider than a line by itself is broken at any legal character, and a
    word wider than the line by itself (a long deal ID) where it must."""
    face = font(size, bold)
    lines: list[str] = []
    line = ""
    for whole in _units(text):
        pieces = [whole] if face.size(whole.rstrip())[0] <= width else _legal_pieces(whole)
        for unit in pieces:
            if line and face.size((line + unit).rstrip())[0] > width:
                lines.append(line.rstrip())
                line = unit.lstrip()
            else:
                line += unit
            while len(line) > 1 and face.size(line.rstrip())[0] > width:  # one word too wide for any line
                cut = _longest_fitting(face, line, width)
                lines.append(line[:cut])
                line = line[cut:]
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _longest_fitting(face: pygame.font.Font, line: str, width: float) -> int:
    """How many of ``line``'s first characters fit ``width`` (at least one), cut where Japanese
    allows a break if any cut that fits does."""
    cut = 1
    while cut < len(line) and face.size(line[: cut + 1])[0] <= width:
        cut += 1
    allowed = [k for k in range(cut, 0, -1) if line[k - 1] not in NO_LINE_END and line[k] not in NO_LINE_START]
    return allowed[0] if allowed else cut
