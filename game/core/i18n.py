"""The translation functions every player-visible string goes through (SPEC CM-15), backed by GNU
gettext.

``tr("Only a king can go on an empty column.")`` looks the English text up in the catalog of the
current language (``assets/locale/<lang>/LC_MESSAGES/solitaire.mo``) and falls back to the English
itself, so English needs no catalog. ``ntr`` chooses the plural form for a number (Italian has two,
Japanese one) and ``ptr`` adds a context where one English word needs two translations. Keyword
arguments are substituted with ``str.format`` after the lookup, so a catalog translates the
template (``"{n} redeals left"``), never the filled-in text. ``tools/catalogs.py`` extracts the
template and compiles the catalogs.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable
from pathlib import Path

DOMAIN = "solitaire"
LANGUAGES = {"en": "English", "ja": "日本語", "it": "Italiano"}  # each in its own name
SOURCE = "en"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


def tr(message: str, /, **values: object) -> str:
    text = _translation.gettext(message)
    return text.format(**values) if values else text


def ntr(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form for ``n`` ("1 card" / "3 cards"); ``{n}`` is filled in with the number."""
    return _translation.ngettext(singular, plural, n).format(n=n, **values)


def ptr(context: str, message: str, /, **values: object) -> str:
    """``message`` in ``context`` (one English word, two meanings)."""
    text = _translation.pgettext(context, message)
    return text.format(**values) if values else text


def locale_dir() -> Path:
    from game.resources import data_dir  # the shipped catalogs, installed or not

    return data_dir("assets") / "locale"


def set_language(language: str) -> None:
    """Speak ``language`` ("en", "ja", "it") from the next string on; ValueError if unknown."""
    global _translation, _language
    if language not in LANGUAGES:
        raise ValueError(f"no language {language!r}; known: {', '.join(LANGUAGES)}")
    if language == SOURCE:
        _translation = gettext.NullTranslations()
    else:
        try:
            _translation = gettext.translation(DOMAIN, str(locale_dir()), [language])
        except OSError as e:
            raise ValueError(f"the {language!r} catalog cannot be read: {e}") from None
    _language = language


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


def format_number(n: float, decimals: int = 0) -> str:
    """A number as the language writes it: 12,345.5 (en), 12.345,5 (it), 12,345.5 (ja)."""
    text = f"{n:,.{decimals}f}"
    if _language == "it":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def format_percent(share: float) -> str:
    """A share (0..1) as a percentage: 57.1% (en, ja), 57,1% (it)."""
    return format_number(share * 100, 1 if 0 < share < 1 else 0) + "%"
