"""CM-15, a damaged translation catalog (issue 25, item 3): the language chosen in Settings is saved,
so a damaged ``.mo`` is met on every start. Whatever the damage — cut short, a wrong magic number,
empty, a FIFO, ``/dev/zero``, a bad header, offsets gone wrong — the game speaks English and says
once which file cannot be read; it never crashes or hangs. A translation whose placeholders are not
the English's costs only that string, which is shown in English."""

from __future__ import annotations

import io
import json
import os
import signal
import struct
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from scene_helpers import make_app, run

from game.core import i18n
from game.core.catalog import MAX_BYTES, load_catalog
from game.core.i18n import ntr, ptr, set_language, tr

ROOT = Path(__file__).resolve().parent.parent
JA = ROOT / "assets" / "locale" / "ja" / "LC_MESSAGES"
REAL = (JA / "solitaire.mo").read_bytes()
MAGIC = 0x950412DE


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


@pytest.fixture(autouse=True)
def no_hang() -> Iterator[None]:
    """Before the fix a FIFO hung the start for ever: fail instead (where there is SIGALRM)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def timeout(signum: int, frame: object) -> None:
        raise TimeoutError("the catalog hung the start")

    old = signal.signal(signal.SIGALRM, timeout)
    signal.setitimer(signal.ITIMER_REAL, 10)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture
def catalog_at(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the Japanese catalog is looked for from now on (an empty folder to damage)."""
    folder = tmp_path / "locale" / "ja" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    return folder / "solitaire.mo"


# -- building damaged catalogs ----------------------------------------------------------------------


def entries(data: bytes) -> list[tuple[bytes, bytes]]:
    """The (msgid, msgstr) bytes of a sound little-endian .mo."""
    _, _, count, ids, texts = struct.unpack_from("<5I", data)
    out = []
    for i in range(count):
        ml, mo = struct.unpack_from("<2I", data, ids + 8 * i)
        tl, to = struct.unpack_from("<2I", data, texts + 8 * i)
        out.append((data[mo : mo + ml], data[to : to + tl]))
    return out


def mo(pairs: list[tuple[bytes, bytes]]) -> bytes:
    """A .mo of these entries, laid out as msgfmt does (no hash table)."""
    pairs = sorted(pairs)
    ids_at = 28
    texts_at = ids_at + 8 * len(pairs)
    blob = bytearray()
    start = texts_at + 8 * len(pairs)
    tables: list[list[tuple[int, int]]] = [[], []]
    for side in (0, 1):
        for pair in pairs:
            tables[side].append((len(pair[side]), start + len(blob)))
            blob += pair[side] + b"\0"
    head = struct.pack("<7I", MAGIC, 0, len(pairs), ids_at, texts_at, 0, 0)
    return head + b"".join(struct.pack("<2I", *t) for table in tables for t in table) + bytes(blob)


def with_header(old: bytes, new: bytes) -> bytes:
    pairs = entries(REAL)
    header = dict(pairs)[b""]
    assert old in header
    return mo([(m, header.replace(old, new) if m == b"" else t) for m, t in pairs])


def patched(offset: int, value: int) -> bytes:
    data = bytearray(REAL)
    data[offset : offset + 4] = value.to_bytes(4, "little")
    return bytes(data)


def translated(change: dict[str, str | tuple[str, ...]]) -> bytes:
    """The real Japanese catalog, compiled by Babel, with some translations changed."""
    with (JA / "solitaire.po").open("rb") as f:
        catalog = read_po(f, locale="ja", domain="solitaire")
    for message in catalog:
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        if key in change:
            message.string = change.pop(key)
    assert not change, f"not in the catalog: {change}"
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _ids_at() -> int:
    return int(struct.unpack_from("<I", REAL, 12)[0])


def _all_at_the_header() -> bytes:
    """Every translation's offset is the header's (a table overwritten)."""
    data = bytearray(REAL)
    _, _, count, _, texts = struct.unpack_from("<5I", data)
    for i in range(1, count):
        data[texts + 8 * i : texts + 8 * i + 8] = data[texts : texts + 8]
    return bytes(data)


def _write(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _too_large(path: Path) -> None:
    with path.open("wb") as f:
        f.write(REAL)
        f.truncate(MAX_BYTES + 1)  # sparse: quick to make


linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/zero and mkfifo")

DAMAGES = [
    *[pytest.param(_write(REAL[:n]), id=f"truncated-{n}") for n in (2, 4, 20, 27, 28, 200)],
    pytest.param(_write(REAL[: len(REAL) // 2]), id="truncated-half"),
    pytest.param(_write(REAL[:-1]), id="truncated-last-byte"),
    pytest.param(_write(b"\xde\xad\xbe\xef" + REAL[4:]), id="wrong-magic"),
    pytest.param(_write(REAL[:4] + b"\0\0\7\0" + REAL[8:]), id="unknown-version"),
    pytest.param(_write(b""), id="empty"),
    pytest.param(_write(b"not a catalog"), id="text"),
    pytest.param(_fifo, id="fifo", marks=linux_only),
    pytest.param(_dev_zero, id="symlink-to-dev-zero", marks=linux_only),
    pytest.param(Path.mkdir, id="a-folder"),
    pytest.param(_too_large, id="too-large"),
    pytest.param(_write(patched(_ids_at() + 12, len(REAL) + 1000)), id="offset-past-the-end"),
    pytest.param(_write(patched(8, 0xFFFFFFFF)), id="count-past-the-end"),
    pytest.param(_write(patched(12, len(REAL) + 64)), id="table-past-the-end"),
    pytest.param(_write(_all_at_the_header()), id="translations-are-the-header"),
    pytest.param(_write(with_header(b"plural=0;", b"plural=(;")), id="plural-forms-syntax"),
    pytest.param(_write(with_header(b"plural=0;", b"plural=n/0;")), id="plural-forms-divide-by-zero"),
    pytest.param(_write(with_header(b"plural=0;", b"plurals;")), id="plural-forms-without-plural"),
    pytest.param(_write(with_header(b"plural=0;", b"plural=n;")), id="plural-forms-out-of-range"),
    pytest.param(_write(with_header(b"nplurals=1;", b"nplurals=x;")), id="plural-forms-without-nplurals"),
    pytest.param(_write(with_header(b"charset=utf-8", b"charsat=utf-8")), id="charset-missing"),
    pytest.param(_write(with_header(b"charset=utf-8", b"charset=nope-9")), id="charset-unknown"),
    pytest.param(_write(with_header(b"charset=utf-8", b"charset=hex")), id="charset-not-text"),
    pytest.param(_write(with_header(b"charset=utf-8", b"charset=ascii")), id="charset-wrong"),
]


@pytest.mark.parametrize("damage", DAMAGES)
def test_cm15_a_damaged_catalog_means_english_and_one_message_naming_the_file(catalog_at, damage):
    damage(catalog_at)
    with pytest.raises(ValueError) as refused:
        set_language("ja")
    message = str(refused.value)
    assert str(catalog_at) in message and "Japanese" in message and message.endswith("the game is in English.")
    assert "\n" not in message
    assert i18n.language() == "en" and tr("Undo") == "Undo"
    assert ntr("Won in 1 move!", "Won in {n} moves!", 3) == "Won in 3 moves!"


def test_cm15_a_missing_catalog_says_so(catalog_at):
    with pytest.raises(ValueError, match="it is missing"):
        set_language("ja")
    assert i18n.language() == "en"


@pytest.mark.parametrize(
    ("msgid", "bad"),
    [
        pytest.param("Moves {n}", "{m} 手", id="renamed"),
        pytest.param("Moves {n}", "{n 手", id="unbalanced"),
        pytest.param("Moves {n}", "{0} 手", id="positional"),
        pytest.param("Moves {n}", "{} 手", id="automatic"),
        pytest.param("Moves {n}", "{n.real} 手", id="attribute"),
        pytest.param("Moves {n}", "{n:zz} 手", id="bad-spec"),
        pytest.param("Moves {n}", "手", id="dropped"),
        pytest.param("Moves {n}", "", id="empty"),
    ],
)
def test_cm15_a_translation_with_wrong_placeholders_costs_only_that_string(catalog_at, msgid, bad):
    catalog_at.write_bytes(translated({msgid: bad}))
    set_language("ja")
    assert i18n.language() == "ja"
    assert tr("Moves {n}", n=3) == "Moves 3"
    assert tr("Undo") == "取り消し" and tr("Score {n}", n=5) != "Score 5"  # the others: Japanese


@pytest.mark.parametrize(
    ("bad", "expected"),
    [
        pytest.param(("{m}手で勝ちました！",), ["Won in 1 move!", "Won in 2 moves!"], id="renamed"),
        pytest.param(("{n手で勝ちました！",), ["Won in 1 move!", "Won in 2 moves!"], id="unbalanced"),
        pytest.param(("{0}手で勝ちました！",), ["Won in 1 move!", "Won in 2 moves!"], id="positional"),
        pytest.param(("{n}手で勝ちました！", "x"), ["Won in 1 move!", "Won in 2 moves!"], id="two-forms-for-one"),
        pytest.param(("勝ちました！",), ["勝ちました！", "勝ちました！"], id="number-left-out"),  # allowed
    ],
)
def test_cm15_a_plural_translation_may_use_the_fields_of_either_english_form_and_no_other(catalog_at, bad, expected):
    """Japanese has one form, "{n} 手", for the English "1 move" (no {n}) and "{n} moves"."""
    catalog_at.write_bytes(translated({"Won in 1 move!": bad}))
    set_language("ja")
    assert [ntr("Won in 1 move!", "Won in {n} moves!", n) for n in (1, 2)] == expected
    assert ntr("1 place to go", "{n} places to go", 3) == "移動先3か所"


class _Broken(i18n.gettext.NullTranslations):
    """A translation that made it past the loader and still does not fit (the last guard)."""

    def gettext(self, message: str) -> str:
        return "{m} {0} {"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return "{m}"

    def pgettext(self, context: str, message: str) -> str:
        return "{n.x}"


def test_cm15_tr_ntr_and_ptr_never_raise_for_a_bad_translation(monkeypatch):
    monkeypatch.setattr(i18n, "_translation", _Broken())
    assert tr("Moves {n}", n=3) == "Moves 3"
    assert ntr("Won in 1 move!", "Won in {n} moves!", 1) == "Won in 1 move!"
    assert ntr("Won in 1 move!", "Won in {n} moves!", 4) == "Won in 4 moves!"
    assert ptr("a card", "Deal {n}", n=2) == "Deal 2"


def test_cm15_a_plural_expression_failing_past_the_probed_numbers_gives_the_english(catalog_at):
    catalog_at.write_bytes(with_header(b"plural=0;", b"plural=1/(n-5000)*0;"))
    set_language("ja")
    assert ntr("Won in 1 move!", "Won in {n} moves!", 5000) == "Won in 5000 moves!"
    assert ntr("Won in 1 move!", "Won in {n} moves!", 2) == "2手でクリア！"


@pytest.mark.parametrize("language", ["ja", "it"])
def test_cm15_the_shipped_catalogs_lose_no_entry_to_the_checks(language):
    with (ROOT / "assets" / "locale" / language / "LC_MESSAGES" / "solitaire.po").open("rb") as f:
        entries_in_po = sum(1 for m in read_po(f, locale=language) if m.id)
    catalog = load_catalog(ROOT / "assets" / "locale" / language / "LC_MESSAGES" / "solitaire.mo")
    assert catalog.translated() == entries_in_po


def test_cm15_the_game_started_in_a_damaged_language_plays_in_english_with_one_message(
    tmp_path, catalog_at, monkeypatch
):
    """Settings say Japanese, the catalog is cut short: the home screen comes up in English and
    says which file cannot be read."""
    monkeypatch.delenv("SOLITAIRE_LANG", raising=False)
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text(json.dumps({"version": 1, "language": "ja"}), encoding="utf-8")
    catalog_at.write_bytes(REAL[:200])
    app = make_app(data)
    try:
        assert app.settings.language == "ja" and i18n.language() == "en"
        problems = [p for p in app.store.problems if str(catalog_at) in p]
        assert len(problems) == 1, app.store.problems
        app.go_home()
        run(app, 5)
        home = app.stack.top
        assert home is not None and home.message is not None and str(catalog_at) in home.message[0]
        assert tr("Undo") == "Undo"
    finally:
        app.close()
