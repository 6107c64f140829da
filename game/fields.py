"""Reading a JSON object field by field against a schema: each field's value checked for its type
and range; a bad one takes its default and is named, the others are kept (settings.json, UI-11's
damaged-data rule). Pure Python; the schema itself lives with what it reads (``game/settings.py``).

A reader takes the raw value and returns what the program holds, or raises :class:`BadValue`.
A table reader (a JSON object of entries) drops the bad entries one by one and names each, so one
damaged option of one game costs that option, not every game's options.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any

Reader = Callable[[Any, str, list[str]], Any]  # (value, its name, bad names found inside) -> the value held


class BadValue(ValueError):
    """A value that breaks its field's rule."""


def choice(values: Collection[str]) -> Reader:
    """One of ``values`` (a string: a list or a number is never hashed or compared with them)."""

    def read(value: Any, name: str, bad: list[str]) -> str:
        if isinstance(value, str) and value in values:
            return value
        raise BadValue(name)

    return read


def flag(value: Any, name: str, bad: list[str]) -> bool:
    """true or false, nothing else (not 0, 1 or "yes")."""
    if isinstance(value, bool):
        return value
    raise BadValue(name)


def table(keys: Collection[str] | None, entry: Callable[[str], Reader]) -> Reader:
    """An object whose keys are among ``keys`` (None: any string) and each value read by
    ``entry(key)``: a bad key or value is left out and named (``options.NAME``), the good
    entries kept."""

    def read(value: Any, name: str, bad: list[str]) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise BadValue(name)
        out: dict[str, Any] = {}
        for key, item in value.items():
            inner = f"{name}.{shown(key)}"
            if not isinstance(key, str) or (keys is not None and key not in keys):
                bad.append(inner)
                continue
            try:
                out[key] = entry(key)(item, inner, bad)
            except BadValue:
                bad.append(inner)
        return out

    return read


def read_fields(data: Mapping[str, Any], schema: Mapping[str, Reader]) -> tuple[dict[str, Any], list[str]]:
    """The fields of ``data`` that ``schema`` reads and that hold, and the names of those that do
    not. A field absent from ``data`` is simply absent (its default applies); a key the schema does
    not know is left alone (a newer version's setting)."""
    found: dict[str, Any] = {}
    bad: list[str] = []
    for name, reader in schema.items():
        if name not in data:
            continue
        try:
            found[name] = reader(data[name], name, bad)
        except BadValue:
            bad.append(name)
    return found, bad


def shown(key: object, most: int = 24) -> str:
    """A key as a message names it: printable and short (a hand-edited file can hold anything)."""
    label = key if isinstance(key, str) else repr(key)
    label = "".join(c if c.isprintable() else "?" for c in label)
    return label if len(label) <= most else label[: most - 1] + "…"
