"""Reading a translation catalog (a GNU gettext ``.mo`` file) that may be damaged (SPEC CM-15).

The language chosen in Settings is saved, so a damaged catalog is met on every start: reading it
must never crash, hang or show the player raw bytes. ``gettext.translation`` trusts the file — a
FIFO hangs the open, ``/dev/zero`` is read until memory runs out, a cut-short file raises
``struct.error``, a bad header ``IndexError`` or ``LookupError`` — so the game reads the file here
instead:

* only a regular file is opened, never a FIFO or a device (not even through a symlink), and no
  more than :data:`MAX_BYTES` of it is read;
* the whole structure is checked before any text is decoded (tables and strings inside the file,
  each string NUL-terminated as the format requires), and the header's character set and
  ``Plural-Forms`` must work: any of that wrong means the catalog is refused, a
  :class:`CatalogError` saying why;
* an entry that would show wrong text is dropped so that string stays English: an empty
  translation, one that is the header, plural forms not matching ``nplurals``, or placeholders
  (``{n}``) that are not the English one's — ``str.format`` would raise when the string is shown.

What is left is a :class:`Catalog`, a ``gettext.NullTranslations`` whose lookups cannot fail.
"""

from __future__ import annotations

import enum
import gettext
import os
import re
import stat
import string
import struct
from collections.abc import Callable, Sequence
from pathlib import Path

MAX_BYTES = 4 * 1024 * 1024  # the shipped catalogs are about 40 KB
LE_MAGIC = 0x950412DE
BE_MAGIC = 0xDE120495
HEADER_BYTES = 28  # magic, version, count, two table offsets, hash table size and offset
VERSIONS = (0, 1)  # the major revisions gettext itself reads
MAX_NPLURALS = 10  # no language has more than six forms
CONTEXT = "\x04"  # between a context and its message in a key (GNU's convention, gettext's too)
# The text of every entry, together, is at most the file (the strings do not overlap in a file
# msgfmt or Babel writes); a little slack for a writer that shares strings, and a damaged file
# whose entries all point at one long string cannot make megabytes into gigabytes.
SHARED_SLACK = 4
# Numbers the plural expression is tried on when loading: every n a game counts, and some large.
PROBES = (*range(1001), 10_001, 100_001, 1_000_001, 10**9 + 1)

Fields = frozenset[tuple[str, str | None, str | None]]


class Problem(enum.Enum):
    """Why a catalog cannot be used (the player's words for each are in ``game.core.i18n``)."""

    MISSING = "missing"
    NOT_A_FILE = "not a regular file"
    TOO_LARGE = "too large"
    UNREADABLE = "unreadable"
    EMPTY = "empty"
    NOT_A_CATALOG = "not a catalog"
    DAMAGED = "damaged"
    PLURAL_FORMS = "plural forms"
    CHARSET = "charset"


class CatalogError(Exception):
    """A catalog refused: ``problem`` says why, ``detail`` is the system's own words, if any."""

    def __init__(self, problem: Problem, detail: str = "") -> None:
        super().__init__(problem.value + (f" ({detail})" if detail else ""))
        self.problem = problem
        self.detail = detail


class Catalog(gettext.NullTranslations):
    """The translations that survived loading; anything else is answered with the English."""

    def __init__(self, messages: dict[str, str], plurals: dict[str, tuple[str, ...]], plural: Callable[[int], int]):
        super().__init__()
        self._messages = messages  # msgid (or context + CONTEXT + msgid) -> translation
        self._plurals = plurals  # singular msgid (or with its context) -> one translation per form
        self._plural = plural  # n -> the index of its form

    def gettext(self, message: str) -> str:
        return self._messages.get(message, message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self._form(msgid1, msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._messages.get(context + CONTEXT + message, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self._form(context + CONTEXT + msgid1, msgid1, msgid2, n)

    def translated(self) -> int:
        """How many entries are translated (tests compare it with the file's)."""
        return len(self._messages) + len(self._plurals)

    def _form(self, key: str, msgid1: str, msgid2: str, n: int) -> str:
        forms = self._plurals.get(key)
        if forms is not None:
            try:  # checked on 0..1000 when loaded, but an expression may still fail further on
                index = self._plural(n)
            except (ArithmeticError, TypeError, ValueError):
                index = -1
            if 0 <= index < len(forms):
                return forms[index]
        return msgid1 if n == 1 else msgid2


def load_catalog(path: Path) -> Catalog:
    """The catalog in ``path``; CatalogError if it cannot be used at all."""
    data = read_catalog(path)
    try:
        return parse_catalog(data)
    except CatalogError:
        raise
    except Exception as e:  # a parser of bytes from disk: whatever else goes wrong is damage too
        raise CatalogError(Problem.DAMAGED) from e


def read_catalog(path: Path) -> bytes:
    """The bytes of ``path``. Only a regular file is opened — opening a FIFO waits for a writer
    for ever, a device may act on being opened and ``/dev/zero`` never ends — so what the path
    names (through any symlink) is asked first; the open cannot block either, should the file be
    swapped in between, and what was opened is asked again."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        _regular(path.stat().st_mode)
        fd = os.open(path, flags)
        try:
            _regular(os.fstat(fd).st_mode)
            chunks: list[bytes] = []
            size = 0
            while size <= MAX_BYTES and (chunk := os.read(fd, MAX_BYTES + 1 - size)):
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
    except (FileNotFoundError, NotADirectoryError):
        raise CatalogError(Problem.MISSING) from None
    except OSError as e:
        raise CatalogError(Problem.UNREADABLE, (e.strerror or str(e))[:80]) from None
    except ValueError:  # a NUL in the path
        raise CatalogError(Problem.MISSING) from None
    if size > MAX_BYTES:
        raise CatalogError(Problem.TOO_LARGE)
    return b"".join(chunks)


def _regular(mode: int) -> None:
    if not stat.S_ISREG(mode):
        raise CatalogError(Problem.NOT_A_FILE)


def parse_catalog(data: bytes) -> Catalog:
    """The catalog in ``data``, the bytes of a ``.mo`` file; CatalogError if it cannot be used.
    One entry that cannot be shown costs only that entry; a translation that is the header (an
    offset gone wrong), or a file none of whose entries can be shown, is a damaged catalog."""
    entries = _entries(data)
    header = entries.pop(b"", b"")
    info = _header(header)
    charset = _charset(info)
    nplurals, plural = _plural_forms(info)
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    for raw_id, raw_text in entries.items():
        if header and header in raw_text.split(b"\0"):
            raise CatalogError(Problem.DAMAGED)
        msgid, text = _decode(raw_id, charset), _decode(raw_text, charset)
        if "\0" in msgid:  # a plural entry: singular NUL plural, and a form per plural NUL
            singular, english_plural = msgid.split("\0")
            forms = tuple(text.split("\0"))
            english = (_message(singular), _message(english_plural))
            if len(forms) == nplurals and all(_usable(form, english) for form in forms):
                plurals[singular] = forms
        elif "\0" not in text and _usable(text, (_message(msgid),)):
            messages[msgid] = text
    if entries and not messages and not plurals:
        raise CatalogError(Problem.DAMAGED)
    return Catalog(messages, plurals, plural)


def _entries(data: bytes) -> dict[bytes, bytes]:
    """The (msgid, msgstr) bytes of every entry, once the file's structure is known to be sound."""
    if not data:
        raise CatalogError(Problem.EMPTY)
    magic = int.from_bytes(data[:4], "little")
    if len(data) < HEADER_BYTES:
        known = any(m.to_bytes(4, "little").startswith(data[:4]) for m in (LE_MAGIC, BE_MAGIC))
        raise CatalogError(Problem.DAMAGED if known else Problem.NOT_A_CATALOG)
    order = "<" if magic == LE_MAGIC else ">" if magic == BE_MAGIC else ""
    if not order:
        raise CatalogError(Problem.NOT_A_CATALOG)
    version, count, ids_at, texts_at = struct.unpack_from(order + "4I", data, 4)
    if version >> 16 not in VERSIONS:
        raise CatalogError(Problem.NOT_A_CATALOG)
    if max(ids_at, texts_at) + 8 * count > len(data):
        raise CatalogError(Problem.DAMAGED)
    entries: dict[bytes, bytes] = {}
    budget = SHARED_SLACK * len(data)
    for i in range(count):
        pair = []
        for table in (ids_at, texts_at):
            length, offset = struct.unpack_from(order + "2I", data, table + 8 * i)
            if offset + length >= len(data) or data[offset + length] != 0:  # a string ends in NUL
                raise CatalogError(Problem.DAMAGED)
            budget -= length
            pair.append(data[offset : offset + length])
        if budget < 0 or b"\0" in pair[0].partition(b"\0")[2]:  # a msgid holds one NUL at most
            raise CatalogError(Problem.DAMAGED)
        entries[pair[0]] = pair[1]
    return entries


def _header(header: bytes) -> dict[str, str]:
    """The header's fields ("content-type" -> "text/plain; charset=UTF-8"), keys in lower case."""
    try:
        lines = header.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise CatalogError(Problem.CHARSET) from None
    info: dict[str, str] = {}
    for line in lines:
        key, colon, value = line.partition(":")
        if colon:
            info[key.strip().lower()] = value.strip()
    return info


def _charset(info: dict[str, str]) -> str:
    """The character set the header names (ASCII if it has no Content-Type, as gettext has it)."""
    if "content-type" not in info:
        return "ascii"
    found = re.search(r"charset\s*=\s*([^\s;]+)", info["content-type"])
    if found is None:
        raise CatalogError(Problem.CHARSET)
    try:
        b"".decode(found.group(1))  # LookupError: unknown, or not a text encoding ("hex")
    except (LookupError, ValueError):
        raise CatalogError(Problem.CHARSET) from None
    return found.group(1)


def _decode(raw: bytes, charset: str) -> str:
    try:
        return raw.decode(charset)
    except (LookupError, ValueError):  # UnicodeDecodeError is a ValueError
        raise CatalogError(Problem.CHARSET) from None


def _plural_forms(info: dict[str, str]) -> tuple[int, Callable[[int], int]]:
    """How many forms a plural has and which one a number takes, from the Plural-Forms header
    (two forms, ``n != 1``, without one, as gettext has it). The expression must give a form that
    exists for every n a game shows; one that fails or strays means the catalog is refused."""
    text = info.get("plural-forms")
    if text is None:
        return 2, lambda n: int(n != 1)
    count = re.search(r"\bnplurals\s*=\s*(\d+)\s*(?:;|$)", text)
    expression = re.search(r"\bplural\s*=\s*([^;]+)", text)
    if count is None or expression is None or not 1 <= int(count.group(1)) <= MAX_NPLURALS:
        raise CatalogError(Problem.PLURAL_FORMS)
    nplurals = int(count.group(1))
    try:
        plural = gettext.c2py(expression.group(1).strip())
        if all(0 <= plural(n) < nplurals for n in PROBES):
            return nplurals, plural
    except (ArithmeticError, ValueError, TypeError, SyntaxError, RecursionError):
        pass
    raise CatalogError(Problem.PLURAL_FORMS)


def _message(msgid: str) -> str:
    """The English text of a key, without its context."""
    return msgid.rpartition(CONTEXT)[2]


def _usable(text: str, english: Sequence[str]) -> bool:
    """Whether a translation can be shown in place of ``english`` (a message, or a plural's
    singular and plural): not empty (gettext would show the empty text), and with the English's
    placeholders — all of a message's; any of a plural's (Japanese says "{n} 枚" where English
    says "1 card"), and no other, or ``str.format`` raises when the string is shown."""
    if not text:
        return False
    got = fields(text)
    wanted = [w for w in map(fields, english) if w is not None]
    if got is None or len(wanted) < len(english):  # str.format refuses one of them
        return got is None and not wanted
    if len(wanted) == 1:
        return got == wanted[0]
    return got <= frozenset().union(*wanted)


def fields(text: str) -> Fields | None:
    """The replacement fields of a template — name, conversion and format spec, so "{n}", "{0}",
    "{n.real}", "{n!r}" and "{n:>9}" all differ — or None if ``str.format`` would refuse it."""
    try:
        return frozenset(
            (name, conv, spec) for _, name, spec, conv in string.Formatter().parse(text) if name is not None
        )
    except ValueError:
        return None
