"""Make the game's font: a subset of Noto Sans CJK JP (SIL Open Font License) with what a player
reads — Latin (English, Italian), card suits, arrows and shapes, kana, the JIS X 0208 level-1
kanji, and every character the translation catalogs use — in Regular and Bold, written to
``assets/fonts/``.

Needs Debian's fonts-noto-cjk and fontTools:

    apt-get install fonts-noto-cjk && pip install fonttools && python tools/make_font.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection

SOURCE = Path("/usr/share/fonts/opentype/noto")
OUT = Path(__file__).resolve().parent.parent / "assets" / "fonts"
WEIGHTS = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
JP_INDEX = 0  # "Noto Sans CJK JP" in the collection

RANGES = [
    (0x20, 0x7E),  # ASCII
    (0xA0, 0x17F),  # Latin-1 and Latin Extended-A (à è é ì ò ù ...)
    (0x2010, 0x2044),  # dashes, quotes, bullet, ellipsis
    (0x2190, 0x2199),  # arrows
    (0x21E7, 0x21E7),  # ⇧
    (0x2200, 0x22FF),  # mathematical operators: ∞ − × ≤
    (0x2318, 0x2318),  # ⌘
    (0x23CE, 0x23CF),  # ⏎
    (0x25A0, 0x25FF),  # geometric shapes ▲ ▼ ● ○ ■ □
    (0x2600, 0x267F),  # misc symbols: ♠ ♡ ♢ ♣ ♤ ♥ ♦ ♧ ★ ☆
    (0x2713, 0x2717),  # check marks
    (0x3000, 0x303F),  # CJK punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0xFF00, 0xFFEF),  # full-width forms
]


def level1_kanji() -> set[int]:
    """The 2,965 JIS X 0208 level-1 kanji (Shift_JIS 0x889F-0x9872)."""
    out = set()
    for lead in range(0x88, 0x99):
        for trail in list(range(0x40, 0x7F)) + list(range(0x80, 0xFD)):
            try:
                ch = bytes([lead, trail]).decode("shift_jis")
            except UnicodeDecodeError:
                continue
            if len(ch) == 1 and 0x4E00 <= ord(ch) <= 0x9FFF:
                out.add(ord(ch))
    return out


def catalog_characters() -> set[int]:
    """Every character the translations use (assets/locale/*/LC_MESSAGES/*.po), so a kanji beyond
    level 1 in a new string still gets its glyph (tests/test_language.py checks the result)."""
    out: set[int] = set()
    for po in (OUT.parent / "locale").glob("*/LC_MESSAGES/*.po"):
        for line in po.read_text(encoding="utf-8").splitlines():
            if line.startswith(("msgstr", '"')):
                out.update(ord(c) for c in line if not c.isspace())
    return out


def main() -> int:
    codepoints = level1_kanji() | catalog_characters()
    for low, high in RANGES:
        codepoints.update(range(low, high + 1))
    OUT.mkdir(parents=True, exist_ok=True)
    for weight, filename in WEIGHTS.items():
        font = TTCollection(str(SOURCE / filename)).fonts[JP_INDEX]
        options = subset.Options()
        options.layout_features = ["kern", "palt", "liga"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(codepoints))
        subsetter.subset(font)
        target = OUT / f"NotoSansJP-Subset-{weight}.otf"
        font.save(str(target))
        print(f"{target.name}: {len(font.getBestCmap())} characters, {target.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
