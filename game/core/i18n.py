"""The one translation function every player-visible string goes through.

``tr("Only a king can go on an empty column.")`` looks the English text up in the catalog of the
current language and falls back to the English text itself, so English needs no catalog. Keyword
arguments are substituted with ``str.format`` after the lookup, so a catalog translates the
template (``"{n} redeals left"``), never the filled-in text.
"""

from __future__ import annotations

_catalogs: dict[str, dict[str, str]] = {"en": {}}
_language = "en"


def tr(message: str, /, **values: object) -> str:
    text = _catalogs.get(_language, {}).get(message, message)
    return text.format(**values) if values else text


def register_catalog(language: str, catalog: dict[str, str]) -> None:
    """Add (or extend) the catalog of ``language``: English text -> translated text."""
    _catalogs.setdefault(language, {}).update(catalog)


def set_language(language: str) -> None:
    if language not in _catalogs:
        raise ValueError(f"no catalog for language {language!r}; known: {', '.join(sorted(_catalogs))}")
    global _language
    _language = language


def language() -> str:
    return _language


def format_time(seconds: float) -> str:
    """A game's clock: ``4:07``, or ``1:02:09`` past an hour."""
    t = int(seconds)
    return f"{t // 3600}:{t // 60 % 60:02d}:{t % 60:02d}" if t >= 3600 else f"{t // 60}:{t % 60:02d}"
