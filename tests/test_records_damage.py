"""CM-9, a damaged records file: one row damaged one way at a time (text where a number belongs,
NULL, infinities, numbers out of range, a time no clock gives, an unknown game, kind or result,
garbled options, deal or moves, a byte that is not UTF-8, a date that does not exist), then the
``records`` and ``history`` commands in every format, the History and Records screens, Replay and
Play this deal again. The damaged row is skipped and counted — or, if its damage is in text only a
replay reads, shown and its replay refused with a message — every other row still shows, nothing
raises, and the file is not changed."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pytest

from game.cli import main
from game.core.dealid import DealId
from game.records.db import FILE_NAME, RecordsDb
from game.records.rows import COLUMNS, read_row, sound
from game.records.stats import DAILY, LOST, WINNABLE, WON, GameRow, Group, daily_streak, histogram
from game.scenes.history import GamePanel, HistoryScene, unreadable_text
from game.scenes.records import RecordsScene
from game.scenes.replay import ReplayScene
from game.scenes.table import TableScene
from game.session import Session
from game.view.acts import Turn
from tests.scene_helpers import click, make_app, run

KLONDIKE = Group("klondike", "draw=1,redeals=unlimited", WINNABLE)
DAMAGED = "g2"  # of three games, g1 (won), g2 (won) and g3 (lost), in the order they ended
NUMBERS = ("seconds", "moves", "score", "started", "ended", "undos", "hints")
# What the figures read: damage elsewhere (a start time, the undos, the moves' text) leaves a game
# in the figures while History, which shows every value, skips it.
FIGURE_COLUMNS = {"variant", "options", "kind", "ended", "result", "seconds", "moves", "score"}
NOT_UTF8 = "CAST(X'6b6cff6e' AS TEXT)"  # "kl", a byte no UTF-8 text holds, "n"


@dataclass(frozen=True)
class Damage:
    name: str
    column: str
    value: str  # an SQL expression
    shown: bool = False  # the row still reads: a value its column may hold, or text only a replay reads
    loose: bool = False  # NULL where the schema says NOT NULL: in a copy of the table without constraints

    @property
    def in_figures(self) -> bool:
        """Whether the game still counts in the figures."""
        return self.shown or self.column not in FIGURE_COLUMNS


def damages() -> list[Damage]:
    out = [Damage(f"text-{c}-{v}", c, repr(v)) for c in NUMBERS for v in ("abc", "", "12x")]
    out += [Damage(f"null-{c}", c, "NULL", shown=c in ("daily", "score"), loose=c not in ("daily", "score"))
            for c in COLUMNS.split(", ")]  # fmt: skip
    for c in NUMBERS:
        out += [
            Damage(f"inf-{c}", c, "9e999"),
            Damage(f"-inf-{c}", c, "-9e999"),
            Damage(f"nan-{c}", c, "(9e999 - 9e999)", shown=c == "score", loose=c != "score"),  # NaN is kept as NULL
            Damage(f"huge-{c}", c, str(2**62)),
            Damage(f"negative-{c}", c, "-5", shown=c == "score"),  # a score may be below zero
        ]
    out += [Damage(f"time-{c}-{v}", c, v) for c in ("started", "ended") for v in ("1e20", "-1e12")]
    out += [
        Damage("unknown-variant", "variant", "'nope'"),
        Damage("unknown-kind", "kind", "'nope'"),
        Damage("unknown-result", "result", "'exploded'"),
        Damage("garbled-options", "options", "'draw=9,,redeals'"),
        Damage("options-of-another-game", "options", "'suits=2'"),
        Damage("control-options", "options", "char(1, 2, 3)"),
        Damage("garbled-deal", "deal", "'klondike:zz:??'", shown=True),
        Damage("nul-in-deal", "deal", "'klondike' || char(0) || ':1:v1'", shown=True),
        Damage("blob-deal", "deal", "X'6b6c'"),
        Damage("garbled-line", "line", "'t1>f1 zz>qq !!'", shown=True),
        Damage("real-moves", "moves", "12.5"),
    ]
    texts = ("game_id", "variant", "options", "kind", "deal", "daily", "local_date", "result", "line")
    out += [Damage(f"not-utf8-{c}", c, NOT_UTF8, shown=c in ("game_id", "deal", "line")) for c in texts]
    out += [
        Damage(f"bad-{c}-{v}", c, repr(v)) for c in ("local_date", "daily") for v in ("2026-13-45", "x", "2026-02-30")
    ]
    return out


DAMAGES = damages()


def one_of_each_skip(damages: list[Damage]) -> list[Damage]:
    """Every damage whose row still shows, and of those whose row is skipped, the first of each
    column (and table, with or without constraints) and place in the figures. A skipped row is
    skipped by one reader for the commands and the screens alike, and the figures' SQL skips
    exactly the rows the reader does: the cheap tests below take every damage to check what each
    one leaves (the rows that read, the figures that count it), the commands and the screens then
    how one damage of each kind is shown."""
    seen, out = set(), []
    for d in damages:
        key = (d.column, d.in_figures, d.loose)
        if d.shown or key not in seen:
            seen.add(key)
            out.append(d)
    return out


SHOWN_DAMAGES = one_of_each_skip(DAMAGES)


def game_row(n: int, result: str) -> GameRow:
    """A game of Klondike deal n: three real moves, so its replay plays."""
    session = Session(DealId.make("klondike", n), WINNABLE)
    for _ in range(3):
        session.play(session.legal[0])
    return GameRow(
        game_id=f"g{n}", variant="klondike", options=KLONDIKE.options, kind=WINNABLE, deal=str(session.deal_id),
        daily=None, started=1_780_000_000.0 + n * 1000, ended=1_780_000_500.0 + n * 1000, local_date="2026-05-28",
        result=result, seconds=100.0 + n, moves=3, score=500 + n, undos=0, hints=0,
        line=" ".join(session.history.move_texts),
    )  # fmt: skip


def unconstrain(conn: sqlite3.Connection) -> None:
    """The games table copied without NOT NULL and CHECK, as a file damaged or edited may hold it."""
    sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    loose = sql.replace(" NOT NULL", "").replace("CHECK (result IN ('won', 'lost', 'given_up', 'abandoned'))", "")
    indexes = [
        r[0]
        for r in conn.execute("SELECT sql FROM sqlite_master WHERE tbl_name = 'games' AND sql LIKE 'CREATE INDEX%'")
    ]
    conn.execute(loose.replace("CREATE TABLE games", "CREATE TABLE games_copy"))
    conn.execute("INSERT INTO games_copy SELECT * FROM games")
    conn.execute("DROP TABLE games")
    conn.execute("ALTER TABLE games_copy RENAME TO games")
    for index in indexes:
        conn.execute(index)


def folder(root: Path) -> Path:
    db = RecordsDb(root / FILE_NAME)
    for n, result in ((1, WON), (2, WON), (3, LOST)):
        assert db.add(game_row(n, result))
    db.close()
    return root / FILE_NAME


def damaged_folder(root: Path, damage: Damage) -> Path:
    folder(root)
    conn = sqlite3.connect(root / FILE_NAME)
    if damage.loose:
        unconstrain(conn)
    conn.execute("PRAGMA ignore_check_constraints = ON")  # the CHECK on result, as another program may
    assert (
        conn.execute(f"UPDATE games SET {damage.column} = {damage.value} WHERE game_id = ?", (DAMAGED,)).rowcount == 1
    )
    conn.commit()
    conn.close()
    return root / FILE_NAME


def snapshot(path: Path) -> list[list[tuple[object, ...]]]:
    """Every row of the file, byte for byte (text read as bytes: nothing decoded, nothing lost)."""
    conn = sqlite3.connect(path)
    conn.text_factory = bytes
    tables = [conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in ("games", "streaks")]
    conn.close()
    return tables


def command(capsys, monkeypatch, root: Path, *args: str) -> tuple[str, str]:
    monkeypatch.setenv("SOLITAIRE_DATA_DIR", str(root))
    assert main(list(args)) == 0, args
    out = capsys.readouterr()
    return out.out, out.err


@pytest.mark.parametrize("damage", SHOWN_DAMAGES, ids=[d.name for d in SHOWN_DAMAGES])
def test_cm9_the_commands_skip_a_damaged_row_and_count_it(tmp_path, capsys, monkeypatch, damage):
    """CM-9: records and history, in every format, with and without --variant: the other games
    are printed, the damaged one left out with a note on stderr, nothing raised, the file unchanged."""
    path = damaged_folder(tmp_path, damage)
    before = snapshot(path)
    good = [game_row(1, WON).deal, game_row(3, LOST).deal]
    for variant in ([], ["--variant", "klondike"]):
        nobodys = bool(variant) and damage.column == "variant"  # a damaged variant is no variant's
        note = not damage.shown and not nobodys
        for fmt in ("table", "csv", "json"):
            out, err = command(capsys, monkeypatch, tmp_path, "history", "--format", fmt, *variant)
            assert all(deal in out for deal in good), (fmt, out)
            assert ("note: 1 game could not be read" in err) == note, (fmt, err)
            if fmt == "json":
                assert len(json.loads(out)["rows"]) == (3 if damage.shown else 2)
            out, err = command(capsys, monkeypatch, tmp_path, "records", "--format", fmt, *variant)
            assert "klondike" in out
            assert ("note: 1 game could not be read" in err) == (not damage.in_figures and not nobodys), (fmt, err)
            if fmt == "json":
                rows = json.loads(out)["rows"]
                mine = [
                    r for r in rows if (r["game"], r["options"], r["kind"]) == ("klondike", KLONDIKE.options, WINNABLE)
                ]
                assert mine[0]["played"] == (3 if damage.in_figures else 2), rows
                # g3's: a lost game's score counts (issue 36 item 14), and g3 is never the damaged row
                assert mine[0]["best_time"] == 101.0 and mine[0]["best_score"] == 503
    assert snapshot(path) == before


@pytest.mark.parametrize("damage", SHOWN_DAMAGES, ids=[d.name for d in SHOWN_DAMAGES])
def test_cm9_the_screens_show_the_other_rows_and_say_what_was_skipped(tmp_path, damage):
    """CM-9: History lists the other games and "1 game could not be read"; tapping a game and
    Replay plays it, or says on the History screen why it cannot (and so does Play this deal
    again); the Records screen shows the figures of the games that can be read. The file is
    unchanged."""
    path = damaged_folder(tmp_path, damage)
    before = snapshot(path)
    app = make_app(tmp_path)
    app.show_history()
    run(app, 3)
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    assert history.rows[0].game_id == "g3" and history.rows[-1].game_id == "g1"
    assert len(history.rows) == (3 if damage.shown else 2)
    assert history.unreadable == (0 if damage.shown else 1)
    for k in range(len(history.rows)):
        box = history.list_box
        click(app, (int(box.x + box.w / 2), int(box.y + (k + 0.5) * history.row_h)), wait=0.4)
        panel = app.stack.top
        assert isinstance(panel, GamePanel) and panel.row is history.rows[k]
        panel.act("replay")
        run(app, 3)
        if damage.shown and damage.column in ("deal", "line") and k == 1:  # the damaged game: refused
            assert app.stack.top is history and history.message is not None
            why = "That is not a deal ID" if damage.column == "deal" else "This game's moves do not replay"
            assert history.message[0].startswith(why), history.message
            history.message = None
        else:
            assert isinstance(app.stack.top, ReplayScene)
            app.stack.top.action("close")
            assert app.stack.top is history
    app.show_records("klondike", KLONDIKE)
    run(app, 3)
    screen = app.stack.top
    assert isinstance(screen, RecordsScene)
    assert screen.summary.played == (3 if damage.in_figures else 2)
    for _ in range(3):
        screen.act(Turn("group", 1))
        run(app, 2)
    app.pop()
    app.show_records("klondike", Group("klondike", KLONDIKE.options, DAILY))  # the daily streak and calendar
    run(app, 3)
    app.pop()
    if damage.shown:  # Play this deal again, from the damaged row
        app.push(GamePanel(app, history.rows[1]))
        app.stack.top.act("again")
        run(app, 2)
        if damage.column == "deal":
            assert app.stack.top is history and history.message is not None
            assert history.message[0].startswith("That is not a deal ID")
        else:
            assert isinstance(app.stack.top, TableScene)
    app.close()
    assert snapshot(path) == before


@pytest.mark.parametrize("damage", DAMAGES, ids=[d.name for d in DAMAGES])
def test_cm9_the_sql_of_the_figures_and_the_row_reader_agree(tmp_path, damage):
    """CM-9: one set of rules, two readers: SQL (for figures) accepts a row exactly when the
    Python reader (for rows shown) does."""
    path = damaged_folder(tmp_path, damage)
    db = RecordsDb(path)
    conn = db.connection()
    for values in conn.execute(
        f"SELECT {COLUMNS}, CASE WHEN {sound(*COLUMNS.split(', '))} THEN 1 ELSE 0 END FROM games"
    ):
        try:
            read_row(values[:-1])
            readable = True
        except ValueError:
            readable = False
        assert readable == bool(values[-1]), values
    db.close()


@pytest.mark.parametrize("damage", DAMAGES, ids=[d.name for d in DAMAGES])
def test_cm9_each_damage_leaves_the_rows_and_the_figures_it_should(tmp_path, damage):
    """CM-9, every damage: the rows read (History's list) are the other two, or all three where the
    damage still shows; the figures count the damaged game exactly where its damage is outside what
    they read; the unreadable count says so; the file is unchanged."""
    path = damaged_folder(tmp_path, damage)
    before = snapshot(path)
    db = RecordsDb(path)
    rows = db.history()
    assert len(rows) == (3 if damage.shown else 2) and (rows[0].game_id, rows[-1].game_id) == ("g3", "g1")
    assert db.summary(KLONDIKE).played == (3 if damage.in_figures else 2)
    assert db.unreadable() == (0 if damage.in_figures else 1)
    db.close()
    assert snapshot(path) == before


@pytest.mark.parametrize(
    "column, value",
    [("current", "'abc'"), ("best", "-1"), ("last_ended", "'x'"), ("best", str(2**62)), ("current", "5")],
)
def test_cm9_a_damaged_streak_is_counted_again_never_trusted(tmp_path, column, value):
    """CM-9: the streaks kept per group are a count: damaged, they are counted from the games
    (without writing while reading), and the next game kept writes a sound count again."""
    path = folder(tmp_path)
    conn = sqlite3.connect(path)
    conn.execute(f"UPDATE streaks SET {column} = {value}")
    conn.commit()
    conn.close()
    db = RecordsDb(path)
    summary = db.summary(KLONDIKE)
    assert (summary.played, summary.current_streak, summary.best_streak) == (3, 0, 2)
    assert db.add(game_row(4, WON))
    assert (db.summary(KLONDIKE).current_streak, db.summary(KLONDIKE).best_streak) == (1, 2)
    db.close()


def test_cm9_a_damaged_row_breaks_no_streak_it_cannot_be_part_of(tmp_path):
    """CM-9: a game left out of the figures is left out of the streaks too, though the kept count
    was made before the damage."""
    path = damaged_folder(tmp_path, Damage("lost-is-exploded", "result", "'exploded'"))
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA ignore_check_constraints = ON")
    conn.execute("UPDATE games SET result = 'exploded' WHERE game_id = 'g3'")  # the lost game too
    conn.commit()
    conn.close()
    db = RecordsDb(path)
    summary = db.summary(KLONDIKE)
    assert (summary.played, summary.won, summary.current_streak, summary.best_streak) == (1, 1, 1, 1)
    assert db.unreadable() == 2 and db.unreadable("klondike") == 2 and db.unreadable("spider") == 0
    db.close()


def test_cm9_a_game_kept_is_known_even_when_its_row_cannot_be_read(tmp_path):
    """CM-9: the game's row is there, damaged: a saved game with its ID is not kept again over it."""
    path = damaged_folder(tmp_path, Damage("text-moves", "moves", "'abc'"))
    db = RecordsDb(path)
    assert db.game(DAMAGED) is None and db.known(DAMAGED) and not db.known("g9")
    assert db.game("g1") == game_row(1, WON)
    db.close()


def test_cm9_figures_drawn_from_values_that_are_not_numbers_or_dates_leave_them_out():
    """CM-9, KL-12: a date that is not one counts for no daily streak; a time that is not a
    finite number falls in no bin."""
    import datetime

    today = datetime.date(2026, 11, 30)
    assert daily_streak(["2026-11-29", "x", "2026-13-45", "", "2026-11-30"], today) == (2, 2)
    edges, counts = histogram([10.0, float("inf"), float("nan"), 20.0, float("-inf")], 2)
    assert counts == [1, 1] and edges == [10.0, 15.0, 20.0]
    assert histogram([float("inf")], 3) == ([], [])


def test_cm9_the_history_screen_says_how_many_games_could_not_be_read(tmp_path):
    """CM-9: the count is in the player's language, plural and all."""
    assert unreadable_text(1) == "1 game could not be read"
    assert unreadable_text(3) == "3 games could not be read"
    damaged_folder(tmp_path, Damage("text-seconds", "seconds", "'abc'"))
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.execute("UPDATE games SET moves = 'x' WHERE game_id = 'g1'")
    conn.commit()
    conn.close()
    app = make_app(tmp_path)
    app.show_history()
    run(app, 2)
    history = app.stack.top
    assert isinstance(history, HistoryScene) and history.unreadable == 2 and [r.game_id for r in history.rows] == ["g3"]
    assert history.note_box.h > 0 and history.note_box.bottom <= history.list_box.y
    history.act(Turn("filter", 2))  # another game: nothing of Klondike's, nothing skipped
    assert history.unreadable == 0 and history.note_box.h == 0
    app.close()


def test_cm9_reset_counts_the_games_it_forgets_damaged_or_not(tmp_path):
    """CM-9: Reset, asked for by the player, forgets every game of the variant, and its question
    counts the damaged ones too; nothing else ever deletes a row."""
    from game.scenes.panels import ConfirmPanel

    damaged_folder(tmp_path, Damage("text-seconds", "seconds", "'abc'"))
    app = make_app(tmp_path)
    app.show_records("klondike", KLONDIKE)
    run(app, 2)
    screen = app.stack.top
    assert isinstance(screen, RecordsScene) and screen.summary.played == 2
    screen.act("reset")
    question = app.stack.top
    assert isinstance(question, ConfirmPanel) and "Its 3 games will be forgotten." in question.said_lines()
    question.act("yes")
    assert app.records.db.count() == 0
    app.close()
