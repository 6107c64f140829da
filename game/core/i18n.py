"""The translation functions every player-visible string goes through (SPEC CM-15), backed by GNU
gettext.

``tr("Only a king can go on an empty column.")`` looks the English text up in the catalog of the
current language (``assets/locale/<lang>/LC_MESSAGES/solitaire.mo``) and falls back to the English
itself, so English needs no catalog. ``ntr`` chooses the plural form for a number (Italian has two,
Japanese one) and ``ptr`` adds a context where one English word needs two translations. Keyword
arguments are substituted with ``str.format`` after the lookup, so a catalog translates the
template (``"{n} redeals left"``), never the filled-in text. ``tools/catalogs.py`` extracts the
template and compiles the catalogs.

A catalog is read by ``game.core.catalog``, never by ``gettext.translation``: a damaged one (cut
short, a bad header, a FIFO, ``/dev/zero``) is refused with a message and the game speaks English,
and a translation whose placeholders are not the English's is dropped. Should a translation still
fail to format, the English is shown: a string on screen must never crash the game.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import assert_never

from game.core.catalog import MAX_BYTES, CatalogError, Problem, load_catalog
from game.core.quoting import quoted

DOMAIN = "solitaire"
LANGUAGES = {"en": "English", "ja": "日本語", "it": "Italiano"}  # each in its own name
SOURCE = "en"

# what str.format raises for a template that does not fit its values ("{m}", "{0}", "{n", "{n.x}")
FORMAT_ERRORS = (KeyError, IndexError, ValueError, AttributeError, TypeError, OverflowError)

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


def tr(message: str, /, **values: object) -> str:
    text = _translation.gettext(message)
    return _filled(text, message, values) if values else text


def ntr(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form for ``n`` ("1 card" / "3 cards"); ``{n}`` is filled in with the number."""
    english = singular if n == 1 else plural
    return _filled(_translation.ngettext(singular, plural, n), english, {**values, "n": n})


def ptr(context: str, message: str, /, **values: object) -> str:
    """``message`` in ``context`` (one English word, two meanings)."""
    text = _translation.pgettext(context, message)
    return _filled(text, message, values) if values else text


class Figure(str):
    """A figure of the status bar ("Redeals 2") as said, and as shown where there is room, with a
    shorter form of the same words (Italian "Ridistr. 2" for "Ridistribuzioni 2"): a narrow bar
    shows shorter words before it shows fewer figures, and speech still says the whole words."""

    short: str

    def __new__(cls, text: str, short: str) -> Figure:
        figure = super().__new__(cls, text)
        figure.short = short
        return figure


# Languages that write sentences one after another with nothing between them: a Japanese sentence
# ends with 。 (or ！, …), and a space after it reads as a gap in the line.
_UNSPACED = frozenset({"ja"})


def join_sentences(*parts: str) -> str:
    """Sentences (already translated) as one text, the way the current language joins them: a
    space between them in English and Italian, nothing in Japanese. Empty parts are left out."""
    return ("" if _language in _UNSPACED else " ").join(part for part in parts if part)


def _filled(text: str, english: str, values: Mapping[str, object]) -> str:
    """``text`` with ``values`` in its placeholders. The catalog's loader drops a translation
    whose placeholders are not the English's, so this is the last guard: a translation that still
    cannot be formatted gives the English (which is the code's own, and tested)."""
    try:
        return text.format(**values)
    except FORMAT_ERRORS:
        return english.format(**values)


def locale_dir() -> Path:
    from game.resources import data_dir  # the shipped catalogs, installed or not

    return data_dir("assets") / "locale"


def catalog_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


def set_language(language: str) -> None:
    """Speak ``language`` ("en", "ja", "it") from the next string on. ValueError if it is unknown
    (nothing changes), or if its catalog cannot be used: then the game speaks English, and the
    error is the message for the player, naming the file and saying why."""
    global _translation, _language
    if language not in LANGUAGES:
        raise ValueError(f"no language {quoted(language)}; known: {', '.join(LANGUAGES)}")
    translation = gettext.NullTranslations()
    if language != SOURCE:
        path = catalog_path(language)
        try:
            translation = load_catalog(path)
        except CatalogError as e:
            _translation, _language = translation, SOURCE  # English, and so is the message
            raise ValueError(_unusable(language, path, e)) from None
    _translation, _language = translation, language


def _unusable(language: str, path: Path, error: CatalogError) -> str:
    """The message for a catalog that cannot be used."""
    names = {"ja": tr("Japanese"), "it": tr("Italian")}
    shown = str(path) if str(path).isprintable() else repr(str(path))
    return tr(
        "The {language} translation ({file}) cannot be read: {reason}; the game is in English.",
        language=names.get(language, language),
        file=shown,
        reason=_reason(error),
    )


def _reason(error: CatalogError) -> str:
    """Why, worded to follow "cannot be read:"."""
    match error.problem:
        case Problem.MISSING:
            return tr("it is missing")
        case Problem.NOT_A_FILE:
            return tr("it is not a regular file")
        case Problem.TOO_LARGE:
            return tr("it is larger than {size} MB", size=MAX_BYTES // 2**20)
        case Problem.UNREADABLE:
            return tr("the system will not open it ({error})", error=error.detail)
        case Problem.EMPTY:
            return tr("it is empty")
        case Problem.NOT_A_CATALOG:
            return tr("it is not a translation catalog")
        case Problem.DAMAGED:
            return tr("it is cut short or damaged")
        case Problem.PLURAL_FORMS:
            return tr("its plural forms cannot be used")
        case Problem.CHARSET:
            return tr("its character set is unknown or wrong")
        case _:
            assert_never(error.problem)


def language() -> str:
    return _language


def pick_language(preferred: Iterable[str], chosen: str | None = None) -> str:
    """The language to speak: one chosen (Settings, --lang, SOLITAIRE_LANG) if known, else the
    first of the system's preferred locales we have ("ja_JP", "it-IT", "ja"), else English."""
    if chosen in LANGUAGES:
        return chosen
    for locale in preferred:
        code = locale.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in LANGUAGES:
            return code
    return SOURCE


def environment_locales() -> list[str]:
    """The locales the environment asks for, in order (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    out: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        out += [x for x in os.environ.get(name, "").split(":") if x and x not in ("C", "POSIX")]
    return out


def format_time(seconds: float) -> str:
    """A game's clock: ``4:07``, or ``1:02:09`` past an hour."""
    t = int(seconds)
    return f"{t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}" if t >= 3600 else f"{t // 60}:{t % 60:02d}"


def format_date(iso: str) -> str:
    """A date (YYYY-MM-DD) as the language writes it: 2026年11月30日, 30/11/2026, 2026-11-30."""
    year, month, day = iso.split("-")
    if _language == "ja":
        return f"{int(year)}年{int(month)}月{int(day)}日"
    if _language == "it":
        return f"{day}/{month}/{year}"
    return iso


def format_day(iso: str) -> str:
    """A day of the year (YYYY-MM-DD given) as the language writes it without the year, as a
    chart's axis says it: 3月11日, 11/3 (an Italian reads "03-11" as the 3rd of November), 03-11."""
    _, month, day = iso.split("-")
    if _language == "ja":
        return f"{int(month)}月{int(day)}日"
    if _language == "it":
        return f"{int(day)}/{int(month)}"
    return f"{month}-{day}"


def format_number(n: float, decimals: int = 0) -> str:
    """A number as the language writes it: 12,345.5 (en), 12.345,5 (it), 12,345.5 (ja)."""
    text = f"{n:,.{decimals}f}"
    if _language == "it":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def format_percent(share: float) -> str:
    """A share (0..1) as a percentage: 57.1% (en, ja), 57,1% (it)."""
    return format_number(share * 100, 1 if 0 < share < 1 else 0) + "%"
