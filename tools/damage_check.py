"""Damaged data, as a hostile or unlucky user makes it: every family tried on the real program.

    python tools/damage_check.py [--families settings,records,catalog,kiosk,sizes,cli] [--quick]

Each case damages one thing one way and runs ``python -m game`` (dummy video and audio, a fresh
data folder, 60 s and 3 GiB at most). It holds with no traceback, hang or kill; exit 0 (or 2 for a
bad command line, its last line the one saying "error:"); and nothing the data folder should keep
lost (a damaged file may be set aside as ``name.corrupt-*``). Prints each failing case with the end
of its stderr, then how many hold, per family too; exit 1 if any fails. Nothing imports it.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import resource
import shlex
import shutil
import signal
import sqlite3
import stat
import struct
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 60.0
MEMORY = 3 * 1024**3  # RLIMIT_AS of every run: a damaged file must never eat the machine's memory
TAIL = 8  # lines of stderr shown for a failing case
QUICK = 8  # about this many cases of each family with --quick
FILES = "{files}"  # in a case's arguments: its folder for files outside the data folder
START = ("--frames", "5")
VARIANTS = ("klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction")
JA_MO = Path("assets/locale/ja/LC_MESSAGES/solitaire.mo")
COPY_IGNORE = shutil.ignore_patterns(".venv", ".git", "__pycache__", ".*_cache", "*.egg-info")
FOLDER, FIFO, ZERO, MISSING = "a folder", "a FIFO", "a symlink to /dev/zero", "nothing"  # not bytes
Content = bytes | str
ODD: dict[str, Content] = {"empty": b"", "folder": FOLDER, "fifo": FIFO, "dev-zero": ZERO}  # for any file
Files = tuple[tuple[str, Content], ...]
Runs = Iterable[tuple[str, ...]]


@dataclass(frozen=True)
class Case:
    family: str
    name: str
    args: tuple[str, ...]
    files: Files = ()  # made in the case's folder: data/, files/, project/
    keep: str = ""  # a file of the data folder that must stay, or be set aside, as it was,
    fields: dict[str, object] | None = None  # ... or be rewritten as JSON still holding these fields
    exact: bool = False  # ... or stay where it was, byte for byte (a damaged row costs no other row)
    copy: bool = False  # run in a copy of the project (cwd and PYTHONPATH), which ``files`` damage
    refuse: bool = False  # a bad command line: exit 2 with one "error:" line holds too
    read_only: bool = False  # no file can be made in the data folder


def each(family: str, target: str, ways: Mapping[str, Content], runs: Runs, also: Files = (), **kw: Any) -> list[Case]:
    """A case per run and per way of damaging the file ``target``, with ``also`` made beside it."""
    return [Case(family, name, args, ((target, what), *also), **kw) for args in runs for name, what in ways.items()]


def make(path: Path, what: Content) -> None:
    """``path`` replaced by bytes, a folder, a FIFO, a symlink to /dev/zero or nothing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.unlink(missing_ok=True)
    if isinstance(what, bytes):
        path.write_bytes(what)
    elif what == FOLDER:
        path.mkdir()
    elif what == FIFO:
        os.mkfifo(path)
    elif what == ZERO:
        path.symlink_to("/dev/zero")


def signature(path: Path) -> tuple[object, ...]:
    """What a file is, never opening anything but a regular file."""
    mode = path.lstat().st_mode
    if stat.S_ISLNK(mode):
        return ("link", os.readlink(path))
    return ("file", path.read_bytes()) if stat.S_ISREG(mode) else ("kind", stat.S_IFMT(mode))


def lost(case: Case, data: Path, before: dict[str, tuple[object, ...]]) -> str | None:
    """What the data folder lost of ``case.keep``; None when nothing."""
    if case.keep not in before:
        return None
    name = Path(case.keep)
    pattern = case.keep if case.exact else f"{name.stem}*{name.suffix}"  # settings.corrupt-….json too
    if before[case.keep] in [signature(p) for p in data.glob(pattern)]:
        return None
    if case.fields is None:
        return f"{name} was changed" if case.exact else f"{name} was neither kept nor set aside"
    try:
        now = json.loads((data / name).read_bytes())
    except (OSError, ValueError):
        now = None
    gone = [key for key, value in case.fields.items() if not isinstance(now, dict) or now.get(key) != value]
    return f"{name} lost {', '.join(gone)}" if gone else None


def environment(data: Path, project: Path = ROOT) -> dict[str, str]:
    dummy = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return {**os.environ, **dummy, "SOLITAIRE_DATA_DIR": str(data), "PYTHONPATH": str(project)}


# -- settings.json (game/settings.py: Settings.save, SCHEMA) ------------------------------------------
GOOD: dict[str, object] = {  # every field away from its default, so a field lost shows
    "version": 1,
    "animation": "slow",
    "last_variant": "golf",
    "options": {"klondike": {"draw": "3"}, "spider": {"suits": "2"}},
    "deal_kind": {"spider": "random"},
    "deal_level": {"freecell": "hard"},
    "language": "it",
    "look": {"deck": "large-print", "table": "dark", "back": "red", "reduced_motion": True, "left_handed": True},
    "sound": False,
    "volume": "high",
}
JUNK = dict(list="[1, 2]", dict='{"a": 1}', null="null", text='"junk"', huge="1e308", negative="-1", true="true")
JUNK |= {"long": json.dumps("x" * 10_000), "deep": "[" * 1000 + "]" * 1000}  # as JSON text
SETTINGS_RUNS = (START, ("--variant", "klondike", *START))
ROOTED = os.geteuid() == 0  # chmod 555 does not stop root: then the folder is refused as the tests do
REFUSE = """import errno, runpy, tempfile
def refused(*args, **kwargs):
    raise PermissionError(errno.EACCES, "Permission denied")
tempfile.mkstemp = refused  # as tests/test_settings_damage.py refuses writing
runpy.run_module("game", run_name="__main__", alter_sys=True)
"""


def settings_cases(base: Path) -> list[Case]:
    good = json.dumps(GOOD).encode()
    whole = {
        **ODD,
        "truncated": good[: len(good) // 2],
        "not-utf8": good.replace(b"slow", b"sl\xffw"),
        "json-array": b"[1, 2, 3]",
        "version-99": json.dumps({**GOOD, "version": 99}).encode(),
        "17-MiB": b" " * (17 * 1024 * 1024) + good,
    }
    target, keep = "data/settings.json", "settings.json"
    cases = each("settings", target, whole, SETTINGS_RUNS, keep=keep)
    cases += each("settings", target, {"read-only-folder": good}, SETTINGS_RUNS, keep=keep, read_only=True)
    for name in GOOD:  # one field damaged costs that field: the others are kept
        junk = {f"{name}={k}": json.dumps({**GOOD, name: "@"}).replace('"@"', v).encode() for k, v in JUNK.items()}
        others = {k: v for k, v in GOOD.items() if k not in (name, "version", "last_variant")}
        cases += each("settings", target, junk, SETTINGS_RUNS, keep=keep, fields=others)
    return cases


# -- records.sqlite3 (game/records/schema.py, db.py, rows.py) -----------------------------------------
BUILD = """import sys
from pathlib import Path
from game.core.dealid import DealId
from game.deals import is_proved_winnable
from game.launch import left_behind
from game.records.keeper import Keeper
from game.session import Session
keeper = Keeper(Path(sys.argv[1]), is_proved_winnable, left_behind)  # the game's own way of keeping a game
for n, result in ((1, "won"), (2, "won"), (3, "lost")):
    session = Session(DealId.make("klondike", n), "winnable")
    session.log.begin(1_780_000_000.0 + n * 1000)
    for _ in range(3):
        session.play(session.legal[0])
    session.elapsed = 100.0 + n
    keeper.keep(session, result)
keeper.db.close()
"""
NUMBERS = ("seconds", "moves", "score", "started", "ended", "undos", "hints")
TEXTS = ("game_id", "variant", "options", "kind", "deal", "daily", "local_date", "result", "line")
NOT_UTF8 = "CAST(X'6b6cff6e' AS TEXT)"  # "kl", a byte no UTF-8 text holds, "n"
ROW_DAMAGES = [  # (name, column, SQL value) for the second of three games
    *[(f"text-{c}", c, "'abc'") for c in NUMBERS],
    ("null-score", "score", "NULL"),  # daily, the other column that may be NULL, is NULL already
    *[(f"inf-{c}", c, "9e999") for c in NUMBERS],
    *[(f"-inf-{c}", c, "-9e999") for c in NUMBERS],
    *[(f"time-{c}-{v}", c, v) for c in ("started", "ended") for v in ("1e20", "-1e12")],
    ("unknown-variant", "variant", "'chess'"),
    ("unknown-kind", "kind", "'nope'"),
    ("unknown-result", "result", "'exploded'"),
    ("garbled-options", "options", "'draw=9,,redeals'"),
    ("garbled-deal", "deal", "'klondike:zz:??'"),
    ("garbled-line", "line", "'t1>f1 zz>qq !!'"),
    *[(f"not-utf8-{c}", c, NOT_UTF8) for c in TEXTS],
    *[(f"bad-{c}-{v}", c, f"'{v}'") for c in ("local_date", "daily") for v in ("2026-13-45", "x", "2026-02-30")],
]
REPORTS = [(command, "--format", f) for command in ("records", "history") for f in ("table", "csv", "json")]


def records_cases(base: Path) -> list[Case]:
    template = base / "records.sqlite3"
    subprocess.run([sys.executable, "-c", BUILD, base], cwd=ROOT, env=environment(base), check=True)
    whole = template.read_bytes()
    files = {"truncated-half": whole[: len(whole) // 2], "truncated-100": whole[:100], "zeros": bytes(len(whole))}
    files["random-bytes"] = random.Random(7).randbytes(len(whole))
    target, keep, runs = "data/records.sqlite3", "records.sqlite3", [*REPORTS, START]
    cases = each("records", target, files, runs, keep=keep)  # kept aside as records.corrupt-….sqlite3
    rows = {}
    for name, column, value in ROW_DAMAGES:
        shutil.copyfile(template, base / "row.sqlite3")
        with contextlib.closing(sqlite3.connect(base / "row.sqlite3")) as conn:
            conn.execute("PRAGMA ignore_check_constraints = ON")  # the CHECK on result, as another program may
            conn.execute(f"UPDATE games SET {column} = {value} WHERE rowid = 2")
            conn.commit()
        rows[name] = (base / "row.sqlite3").read_bytes()
    return cases + each("records", target, rows, runs, keep=keep, exact=True)


# -- the Japanese catalog, in a copy of the project (game/core/catalog.py) -----------------------------
LANG: dict[str, object] = {"language": "ja"}  # kept by a start that meets the damaged catalog
SHOT_JA = ("shot", "klondike", "--deal", "7", "--lang", "ja", "--out", f"{FILES}/shot.png")


def wrong_placeholder() -> bytes:
    """The catalog built from its .po with one translation's placeholders renamed: ``{n}`` is ``{nx}``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with (ROOT / JA_MO).with_suffix(".po").open("rb") as f:
        catalog = read_po(f, locale="ja", domain="solitaire")
    message = next(m for m in catalog if m.id and isinstance(m.string, str) and "{" in m.string)
    message.string = re.sub(r"\{(\w+)", r"{\1x", str(message.string))
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def catalog_cases(base: Path) -> list[Case]:
    copy = base / "probe"  # first, that a copy of the project reads its own catalog, not this one's
    shutil.copytree(ROOT, copy, ignore=COPY_IGNORE, symlinks=True)
    where = [sys.executable, "-c", "from game.core.i18n import catalog_path; print(catalog_path('ja'))"]
    read = subprocess.run(where, cwd=copy, env=environment(base, copy), capture_output=True, text=True)
    if read.stdout.strip() != str(copy / JA_MO):
        sys.exit(f"catalog: a copy of the project reads {read.stdout.strip() or read.stderr}, not its own catalog")
    real = (ROOT / JA_MO).read_bytes()
    damages = {
        **ODD,
        **{f"truncated-{n}": real[:n] for n in (3, 27, 1000, len(real) // 2)},
        "wrong-magic": struct.pack("<I", 0x12345678) + real[4:],
        "offsets-past-the-end": real[:12] + struct.pack("<II", 0xFFFFFF00, 0xFFFFFF00) + real[20:],
        "wrong-placeholder": wrong_placeholder(),
    }
    target = f"project/{JA_MO}"
    cases = each("catalog", target, damages, [("--lang", "ja", *START), SHOT_JA], copy=True)
    settings = (("data/settings.json", json.dumps({"version": 1, **LANG}).encode()),)  # Japanese chosen in Settings
    return cases + each("catalog", target, damages, [START], settings, copy=True, keep="settings.json", fields=LANG)


# -- kiosk configs (game/kiosk/config.py), window sizes, command lines ---------------------------------
KIOSK = ("--kiosk", "--kiosk-window", "--frames", "30", "--kiosk-config", f"{FILES}/kiosk.toml")
KIOSK_NUMBERS = ("idle_seconds", "prompt_seconds")
KIOSK_KEYS = (*KIOSK_NUMBERS, "games", "deal_kind", "language", "pin", "exit_chord", "sounds", "demo_sounds")
WRONG_TYPES = ("{ a = 1 }", "1979-05-27", "[[1]]")  # of a type no key takes
SIZES = ("1x1", "10x10", "50x50", "80x40", "320x320", "480x320")
JUNK_LINES = [
    ("demo", "--variant", "golf", "--speed", "nan", "--headless"),
    ("demo", "--variant", "golf", "--deal", "", "--headless"),
    ("--deal", "", *START),
    ("--size", "0x0", *START),
    ("--size", "-5x10", *START),
    ("--frames", "-1"),
    ("--lang", "xx", *START),
    ("deal", "klondike", "--deal", "99999999999999999999"),
    ("history", "--limit", "-5"),
    ("records", "--variant", "chess"),
]


def kiosk_cases(base: Path) -> list[Case]:
    damages = {
        **ODD,
        "missing": MISSING,
        "arrays-5000-deep": ("games = " + "[" * 5000 + "]" * 5000).encode(),
        "inline-tables-5000-deep": ("a = " + "{ b = " * 5000 + "1" + " }" * 5000).encode(),
        "one-bad-game": b'games = ["klondike", "chess", "freecell"]\n',
        "not-utf8": b'games = ["kl\xffondike"]\n',
        "100-KB-junk": random.Random(5).randbytes(100 * 1024),
        "every-key-wrong": "".join(f"{key} = {WRONG_TYPES[0]}\n" for key in KIOSK_KEYS).encode(),
        **{f"{key}={wrong}": f"{key} = {wrong}\n".encode() for key in KIOSK_KEYS for wrong in WRONG_TYPES},
    }
    return each("kiosk", "files/kiosk.toml", damages, [KIOSK])


def sizes_cases(base: Path) -> list[Case]:
    cases = []
    for size in SIZES:
        frames = ("--size", size, "--frames", "30")
        runs = {"home": frames, **{v: ("--variant", v, *frames) for v in VARIANTS}}
        runs["shot"] = ("shot", "klondike", "--size", size, "--out", f"{FILES}/shot.png")
        cases += [Case("sizes", f"{what} {size}", args, refuse=True) for what, args in runs.items()]
    return cases


def cli_cases(base: Path) -> list[Case]:
    return [Case("cli", shlex.join(args), args, refuse=True) for args in JUNK_LINES]


FAMILIES: dict[str, Callable[[Path], list[Case]]] = {
    f.__name__.removesuffix("_cases"): f
    for f in (settings_cases, records_cases, catalog_cases, kiosk_cases, sizes_cases, cli_cases)
}


def verdict(case: Case, code: int, err: str) -> str | None:
    """Why a run that ended with ``code`` and ``err`` fails; None when it holds."""
    if "Traceback (most recent call last)" in err:
        return "a traceback"
    if code < 0:
        return f"killed by {signal.Signals(-code).name}"
    lines = [line for line in err.splitlines() if line.strip()]
    errors = [line for line in lines if "error:" in line]
    if code == 0 or (code == 2 and case.refuse and len(errors) == 1 and lines[-1] == errors[0]):
        return None
    return f"exit {code}" + (f", {len(errors)} lines saying error:" if code == 2 else "")


def run(case: Case, base: Path) -> tuple[str | None, str]:
    """Why ``case`` fails (None: it holds), and its stderr. Its folder: data/ (the data folder),
    files/, and project/ when it runs in a copy of the project."""
    root = Path(tempfile.mkdtemp(dir=base))
    data = root / "data"
    project = root / "project" if case.copy else ROOT
    try:
        data.mkdir()
        (root / "files").mkdir()
        if case.copy:
            shutil.copytree(ROOT, project, ignore=COPY_IGNORE, symlinks=True)
        for relative, what in case.files:
            make(root / relative, what)
        if case.read_only and not ROOTED:
            data.chmod(0o555)
        before = {p.name: signature(p) for p in data.iterdir()}
        python = ("-c", REFUSE) if case.read_only and ROOTED else ("-m", "game")
        args = [a.replace(FILES, str(root / "files")) for a in case.args]
        proc = subprocess.Popen(
            [sys.executable, *python, *args], cwd=project, env=environment(data, project),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY)),
        )  # fmt: skip
        try:
            raw = proc.communicate(timeout=TIMEOUT)[1]
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the run's own process group, nothing else
            return f"hung past {TIMEOUT:g} s", proc.communicate()[1].decode("utf-8", "replace")
        err = raw.decode("utf-8", "replace")
        return verdict(case, proc.returncode, err) or lost(case, data, before), err
    finally:
        with contextlib.suppress(OSError):
            data.chmod(0o755)
        shutil.rmtree(root, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", default=",".join(FAMILIES), help="comma-separated, of: " + ", ".join(FAMILIES))
    parser.add_argument("--quick", action="store_true", help=f"about {QUICK} cases of each family")
    args = parser.parse_args()
    chosen = [f.strip() for f in args.families.split(",") if f.strip()]
    if unknown := [f for f in chosen if f not in FAMILIES]:
        parser.error(f"unknown families: {', '.join(unknown)}")
    workers = os.cpu_count() or 1
    print(f"machine: {workers} cores; each run at most {TIMEOUT:g} s and {MEMORY // 1024**3} GiB", flush=True)
    if "settings" in chosen:
        print("read-only data folder:", "as root, as the tests do: mkstemp refused" if ROOTED else "chmod 555")
    held, tried = Counter[str](), Counter[str]()  # cases per family
    with tempfile.TemporaryDirectory(prefix="damage-check-") as tmp:
        base = Path(tmp)
        cases: list[Case] = []
        for family in chosen:
            some = FAMILIES[family](base)
            cases += some[:: max(1, len(some) // QUICK)] if args.quick else some
        with ThreadPoolExecutor(workers) as pool:
            for case, (why, err) in zip(cases, pool.map(lambda case: run(case, base), cases), strict=True):
                tried[case.family] += 1
                if why is None:
                    held[case.family] += 1
                    continue
                how = "python -c <mkstemp refused> -m game" if case.read_only and ROOTED else "python -m game"
                tail = "".join(f"\n    {line[:300]}" for line in err.strip().splitlines()[-TAIL:])
                print(f"FAIL {case.family} {case.name}: {how} {shlex.join(case.args)}: {why}{tail}", flush=True)
    print(f"damaged cases: {held.total()} hold of {tried.total()}")
    for family in chosen:
        print(f"  {family}: {held[family]} hold of {tried[family]}")
    return 0 if held == tried else 1


if __name__ == "__main__":
    sys.exit(main())
