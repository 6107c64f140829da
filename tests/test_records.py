"""CM-9 records: the database (schema, migrations, two writers, damaged files), the figures
(streaks, the daily streak of KL-12), and what the table keeps of a game as it is played."""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path

import pytest

from game.core.dealid import DealId
from game.deals import is_proved_winnable
from game.games.index import game_for
from game.launch import left_behind
from game.play.table import Table
from game.records.db import FILE_NAME, RecordsDb
from game.records.keeper import Keeper, group_of
from game.records.schema import MIGRATIONS, VERSION
from game.records.stats import (
    ABANDONED,
    DAILY,
    GIVEN_UP,
    LOST,
    RANDOM,
    WINNABLE,
    WON,
    GameRow,
    Group,
    Summary,
    beaten,
    daily_streak,
    histogram,
    rolling_rate,
    streaks,
)
from game.rules.base import parse_move
from game.rules.history import History
from game.session import Session
from tests.helpers import solve_deal

KLONDIKE = Group("klondike", "draw=1,redeals=unlimited", WINNABLE)
DAILY_GROUP = Group("klondike", "draw=1,redeals=unlimited", DAILY)


def row(n: int, result: str = WON, group: Group = KLONDIKE, **changes: object) -> GameRow:
    values: dict[str, object] = dict(
        game_id=f"g{n}", variant=group.variant, options=group.options, kind=group.kind,
        deal=f"{group.variant}:{group.options}:{n}:v1", daily=None, started=1_000_000.0 + n * 1000,
        ended=1_000_500.0 + n * 1000, local_date="2026-11-30", result=result, seconds=100.0 + n, moves=90 + n,
        score=500 + n, undos=0, hints=0, line="",
    )  # fmt: skip
    values.update(changes)
    return GameRow(**values)  # type: ignore[arg-type]


def db_at(tmp_path: Path) -> RecordsDb:
    return RecordsDb(tmp_path / FILE_NAME)


# -- the figures ------------------------------------------------------------------------------------


def test_cm9_streaks_count_runs_of_wins_in_the_order_games_ended():
    assert streaks([]) == (0, 0)
    assert streaks([True, True, False, True]) == (1, 2)
    assert streaks([False, True, True, True]) == (3, 3)
    assert streaks([True, False]) == (0, 1)


def test_kl12_daily_streak_over_made_up_dates():
    today = datetime.date(2026, 11, 30)
    assert daily_streak([], today) == (0, 0)
    run = ["2026-11-27", "2026-11-28", "2026-11-29", "2026-11-30"]
    assert daily_streak(run, today) == (4, 4)
    # today's deal not played yet: yesterday's run is still alive
    assert daily_streak(run[:-1], today) == (3, 3)
    # a gap breaks it; the best run is remembered
    assert daily_streak(["2026-11-20", "2026-11-21", "2026-11-22", "2026-11-28"], today) == (0, 3)
    # the same date won twice counts once
    assert daily_streak(["2026-11-29", "2026-11-29", "2026-11-30"], today) == (2, 2)
    # across a month and a year end
    assert daily_streak(["2026-12-31", "2027-01-01"], datetime.date(2027, 1, 1)) == (2, 2)


def test_kl12_daily_streak_follows_the_deals_local_dates_not_utc(tmp_path):
    """A player who travels east plays two daily deals less than 24 hours apart in UTC, and one
    the next day that ended at the same UTC hour: the run follows the deal's own (local) dates."""
    db = db_at(tmp_path)
    day = 86400.0
    db.add(row(1, group=DAILY_GROUP, daily="2026-11-28", ended=10 * day + 23 * 3600))
    db.add(row(2, group=DAILY_GROUP, daily="2026-11-29", ended=11 * day + 1 * 3600))
    db.add(row(3, group=DAILY_GROUP, daily="2026-11-30", ended=12 * day + 23 * 3600))
    db.add(row(4, LOST, group=DAILY_GROUP, daily="2026-11-30", ended=13 * day))
    assert db.daily_streak(datetime.date(2026, 11, 30)) == (3, 3)
    assert db.daily_streak(datetime.date(2026, 12, 2)) == (0, 3)


def test_rolling_rate_and_histogram():
    assert rolling_rate([True, False, True, True], 2) == [1.0, 0.5, 0.5, 1.0]
    edges, counts = histogram([10, 20, 30, 40], 3)
    assert counts == [1, 1, 2] and edges[0] == 10 and edges[-1] == 40
    assert histogram([], 5) == ([], [])
    assert histogram([7, 7], 2)[1] == [2, 0]


def test_cm9_beaten_names_the_records_a_win_improved():
    before = Summary(played=5, won=3, best_time=120.0, fewest_moves=100, best_score=600, current_streak=1)
    after = Summary(played=6, won=4, best_time=90.0, fewest_moves=100, best_score=650, current_streak=2, best_streak=2)
    win = row(1, seconds=90.0, moves=110, score=650)
    assert [b.what for b in beaten(before, after, win)] == ["time", "score", "streak"]
    assert [b.what for b in beaten(Summary(played=2), Summary(played=3, won=1, current_streak=1), win)] == ["first"]
    assert beaten(before, after, row(2, LOST)) == []


# -- the database ------------------------------------------------------------------------------------


def test_cm9_the_database_is_wal_versioned_and_sums_a_group(tmp_path):
    db = db_at(tmp_path)
    for n, result in enumerate([WON, WON, LOST, WON, WON, WON, ABANDONED, WON]):
        assert db.add(row(n, result))
    db.add(row(50, WON, group=Group("klondike", "draw=3,redeals=unlimited", RANDOM)))
    s = db.summary(KLONDIKE)
    assert (s.played, s.won, s.current_streak, s.best_streak) == (8, 6, 1, 3)
    assert s.best_time == 100.0 and s.fewest_moves == 90 and s.best_score == 507
    assert s.win_rate == pytest.approx(0.75)
    assert db.summary(Group("klondike", "draw=3,redeals=unlimited", RANDOM)).played == 1
    assert db.summary(Group("spider", "suits=1", WINNABLE)) == Summary()
    assert db.results(KLONDIKE, 3) == [True, False, True]
    assert [g for g, _ in db.groups("klondike")] == [
        Group("klondike", "draw=3,redeals=unlimited", RANDOM),
        KLONDIKE,
    ]
    db.close()
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION
    conn.close()


def test_cm9_streaks_kept_as_games_come_match_a_full_count_in_any_order(tmp_path):
    """Streaks are kept up to date as each game is added; a game that ended before the last one
    kept (another instance's), or one ended again, makes the group count again from its games."""
    import random

    rng = random.Random(4)
    db = db_at(tmp_path)
    games = [row(n, WON if rng.random() < 0.6 else LOST, ended=float(rng.randrange(10**6))) for n in range(300)]
    for g in games:
        db.add(g)
    db.add(row(7, WON, ended=games[7].ended))  # game 7 ended again, now a win
    final = {g.game_id: g for g in games}
    final["g7"] = row(7, WON, ended=games[7].ended)
    ordered = sorted(final.values(), key=lambda g: (g.ended, int(g.game_id[1:])))
    s = db.summary(KLONDIKE)
    assert (s.current_streak, s.best_streak) == streaks(g.won for g in ordered)
    assert s.best_streak >= 3


def test_cm9_a_game_ended_again_replaces_its_row_never_adds_one(tmp_path):
    db = db_at(tmp_path)
    db.add(row(1, GIVEN_UP))
    db.add(row(1, WON, moves=200))
    assert db.count() == 1 and db.game("g1").result == WON and db.game("g1").moves == 200


def test_cm9_history_newest_first_and_by_game(tmp_path):
    db = db_at(tmp_path)
    for n in range(5):
        db.add(row(n))
    db.add(row(9, group=Group("golf", "", RANDOM)))
    assert [r.game_id for r in db.history(3)] == ["g9", "g4", "g3"]
    assert [r.game_id for r in db.history(10, "golf")] == ["g9"]
    assert db.reset("klondike") == 5 and db.count() == 1


@pytest.mark.parametrize("start", range(VERSION))
def test_cm9_migrations_from_every_earlier_schema_keep_the_games(tmp_path, start):
    path = tmp_path / FILE_NAME
    conn = sqlite3.connect(path)
    for step in MIGRATIONS[:start]:
        conn.executescript(step)
    conn.execute(f"PRAGMA user_version = {start}")
    if start >= 1:  # a game kept by version 1, before undos and hints were
        conn.execute(
            "INSERT INTO games (game_id, variant, options, kind, deal, daily, started, ended, local_date, result, "
            "seconds, moves, score, line) VALUES ('old', 'golf', '', 'random', 'golf:5:v1', NULL, 1, 2, "
            "'2026-01-01', 'won', 60, 40, 10, '')"
        )
    conn.commit()
    conn.close()
    db = RecordsDb(path)
    db.add(row(1))
    assert db.count() == 1 + (start >= 1)
    if start >= 1:
        old = db.game("old")
        assert old is not None and old.undos == 0 and old.hints == 0 and old.won
        assert db.summary(Group("golf", "", "random")).current_streak == 1  # counted by the migration
    assert not db.problems


def test_cm9_a_database_from_a_newer_version_is_read_not_written(tmp_path):
    db = db_at(tmp_path)
    db.add(row(1))
    db.close()
    conn = sqlite3.connect(tmp_path / FILE_NAME)
    conn.execute(f"PRAGMA user_version = {VERSION + 1}")
    conn.commit()
    conn.close()
    newer = db_at(tmp_path)
    assert newer.summary(KLONDIKE).played == 1
    assert not newer.add(row(2)) and newer.count() == 1 and newer.problems


def write_games(path: str, first: int, count: int) -> int:
    """Another instance of the game: a process of its own keeping games in the same file."""
    db = RecordsDb(Path(path))
    kept = sum(db.add(row(n)) for n in range(first, first + count))
    problems = len(db.problems)
    db.close()
    return kept if not problems else -problems


def test_cm9_two_instances_writing_at_once_lose_no_row(tmp_path):
    """Three processes keep 60 games each in one file at the same time: SQLite's locks and the
    busy timeout make each wait its turn; not a row is lost."""
    import multiprocessing

    path = str(tmp_path / FILE_NAME)
    RecordsDb(Path(path)).count()  # the schema made once, as the first instance would
    with multiprocessing.get_context("spawn").Pool(3) as pool:
        kept = pool.starmap(write_games, [(path, k * 1000, 60) for k in range(3)])
    assert kept == [60, 60, 60]
    assert db_at(tmp_path).count() == 180
    assert db_at(tmp_path).summary(KLONDIKE).best_streak == 180


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty-header"])
def test_cm9_a_damaged_database_is_set_aside_and_the_game_still_kept(tmp_path, damage):
    path = tmp_path / FILE_NAME
    db = RecordsDb(path)
    for n in range(200):
        db.add(row(n, line="x" * 400))
    db.close()
    for extra in tmp_path.glob(f"{FILE_NAME}-*"):
        extra.unlink()  # the writer checkpointed on close; a crash would leave the WAL, tested apart
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a database at all" * 100)
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 3])
    else:
        path.write_bytes(b"\0" * 100 + data[100:])
    save = tmp_path / "save-klondike.json"
    save.write_text("{}", encoding="utf-8")
    fresh = RecordsDb(path)
    fresh.summary(KLONDIKE)  # reading meets the damage (or not: a cut-off file may read as fewer games)
    assert fresh.add(row(999))
    assert fresh.game("g999") is not None
    assert list(tmp_path.glob("records.corrupt-*.sqlite3"))
    assert "kept aside" in fresh.problems[0]
    assert save.read_text(encoding="utf-8") == "{}"  # the games in progress are not touched


# -- what the table keeps -------------------------------------------------------------------------------


class Kept:
    def __init__(self, root: Path) -> None:
        self.keeper = Keeper(root, is_proved_winnable, left_behind, clock=lambda: 1_800_000_000.0)
        self.calls: list[str] = []

    def __call__(self, session: Session, result: str, then):
        self.calls.append(result)
        self.keeper.keep_later(session, result, then)  # no writer: written at once


def table_for(deal: DealId, kept: Kept, kind: str | None = WINNABLE) -> Table:
    return Table(
        Session(deal, kind), game_for, lambda events, stagger: None, lambda s: None, kept, wall=lambda: 1_799_999_000.0
    )


def test_cm9_a_game_counts_from_its_first_move_and_a_win_is_kept_at_once(tmp_path):
    deal = DealId.make("klondike", 1)
    result = solve_deal(deal, max_nodes=200_000)
    kept = Kept(tmp_path)
    table = table_for(deal, kept)
    table.replace(Session(deal, WINNABLE))  # nothing played yet: nothing counted
    assert kept.calls == []
    for m in result.moves:
        assert table.play(m)
        table.session.tick(1.5)
    while table.collecting:  # auto-collect plays what the line leaves (CM-5)
        table.tick(0.2, True, False)
    assert kept.calls == [WON]  # at the moment of winning
    won = table.session
    table.replace(Session(deal))  # leaving a won game adds nothing
    assert kept.calls == [WON]
    stored = kept.keeper.db.history(1)[0]
    assert stored.result == WON and stored.moves == won.moves >= len(result.moves)
    assert stored.kind == WINNABLE and stored.seconds == pytest.approx(won.elapsed)
    assert stored.started == 1_799_999_000.0 and stored.ended == 1_800_000_000.0
    # the stored line replays from the deal to the stored final position, a win
    session = Session(DealId.make("klondike", 1))
    replayed = History.replay(session.rules, session.history.start, [parse_move(t) for t in stored.line.split()])
    assert session.rules.is_won(replayed.state)


def test_cm9_new_deal_and_restart_end_a_game_as_abandoned_or_lost(tmp_path):
    kept = Kept(tmp_path)
    deal = DealId.make("klondike", 7)
    table = table_for(deal, kept)
    table.play(table.session.legal[0])
    table.restart()
    assert kept.calls == [ABANDONED]
    assert table.session.log.game_id is None  # the restarted deal is a new game
    table.play(table.session.legal[0])
    table.show_hint()
    table.undo()
    table.play(table.session.legal[0])
    table.replace(Session(DealId.make("klondike", 8)))
    assert kept.calls == [ABANDONED]  # kept aside until the new deal's first move: Undo could bring it back
    table.play(table.session.legal[0])
    assert kept.calls == [ABANDONED, ABANDONED]
    last = kept.keeper.db.history(1)[0]
    assert (last.undos, last.hints, last.moves) == (1, 1, 1)
    assert kept.keeper.db.summary(group_of(Session(deal, WINNABLE), is_proved_winnable)).played == 2


def test_cm9_resumed_games_count_once(tmp_path):
    kept = Kept(tmp_path)
    table = table_for(DealId.make("klondike", 7), kept)
    table.play(table.session.legal[0])
    saved = table.session.to_dict()
    again = Session.from_dict(saved)  # the program was closed and opened again
    assert again.log.game_id == table.session.log.game_id
    resumed = Table(again, game_for, lambda e, s: None, lambda s: None, kept)
    resumed.play(resumed.session.legal[0])
    resumed.replace(Session(DealId.make("klondike", 9)))
    resumed.play(resumed.session.legal[0])  # the new deal played: the game it replaced ends
    assert kept.keeper.db.count() == 1


def test_cm9_giving_up_is_kept_and_playing_on_replaces_it(tmp_path):
    kept = Kept(tmp_path)
    table = table_for(DealId.make("addiction", 4), kept)
    table.play(table.session.legal[0])
    table.give_up()
    assert kept.keeper.db.history(1)[0].result == GIVEN_UP
    table.undo()  # Undo takes the giving up back, and only that: the move stays
    assert table.session.moves == 1 and not table.session.given_up
    table.replace(Session(DealId.make("addiction", 5)))  # kept aside until the new deal's first move
    table.play(table.session.legal[0])
    assert kept.keeper.db.count() == 1 and kept.keeper.db.history(1)[0].result == ABANDONED


def test_cm9_a_game_taken_from_the_demo_never_counts(tmp_path):
    kept = Kept(tmp_path)
    table = table_for(DealId.make("klondike", 7), kept)
    table.session.log.counts = False
    table.play(table.session.legal[0])
    table.replace(Session(DealId.make("klondike", 8)))
    table.play(table.session.legal[0])  # the new deal played: the taken-over game ends, uncounted
    assert kept.calls == [] and kept.keeper.db.count() == 0


def test_cm9_the_kind_of_deal_and_the_options_are_counted_apart(tmp_path):
    daily = Session(DealId.make("klondike", 77))
    daily.daily = "2026-11-30"
    assert group_of(daily, is_proved_winnable).kind == DAILY
    assert group_of(Session(DealId.make("klondike", 77), RANDOM), is_proved_winnable).kind == RANDOM
    assert (
        group_of(Session(DealId.make("spider", 5, {"suits": "2"}), WINNABLE), is_proved_winnable).options == "suits=2"
    )


def test_cm9_a_lost_games_score_counts_for_the_best_score(tmp_path):
    """Issue 36 item 14: TriPeaks scores a lost game (97 in History); Records' best score is that
    97, not "—" because no game was won. The best time and the fewest moves stay a win's."""
    db = db_at(tmp_path)
    tripeaks = Group("tripeaks", "wrap=on", WINNABLE)
    db.add(row(1, LOST, group=tripeaks, score=97))
    db.add(row(2, GIVEN_UP, group=tripeaks, score=40))
    s = db.summary(tripeaks)
    assert s.best_score == 97 and s.won == 0
    assert s.best_time is None and s.fewest_moves is None
    db.add(row(3, WON, group=tripeaks, score=80))
    assert db.summary(tripeaks).best_score == 97
