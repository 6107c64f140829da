"""Damaged settings and a data folder that cannot be written: a message and a default, never a
traceback (UI-11's data on disk; the damaged-data rules of DESIGN.md). settings.json is read field
by field: a field that breaks its rule takes its default and is named, the rest is kept."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pygame
import pytest

from game.core.look import Look
from game.scenes.table import TableScene
from game.settings import SETTINGS_VERSION, Settings
from game.store import Store
from tests.scene_helpers import make_app, open_scene, run

# every field at a value other than its default, so a field lost by mistake shows
GOOD = {
    "version": SETTINGS_VERSION,
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
JUNK = [[], {}, None, 12, -1, 1e308, "junk", True, "x" * 10_000, [[[[]]]]]


def expected() -> Settings:
    return Settings(
        animation="slow",
        last_variant="golf",
        options={"klondike": {"draw": "3"}, "spider": {"suits": "2"}},
        deal_kind={"spider": "random"},
        deal_level={"freecell": "hard"},
        language="it",
        look=Look("large-print", "dark", "red", True, True),
        sound=False,
        volume="high",
    )


def load(tmp_path: Path, data: dict[str, object]) -> tuple[Settings, list[str]]:
    (tmp_path / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    store = Store(tmp_path)
    return Settings.load(store), store.problems


def test_every_field_is_kept_when_every_field_holds(tmp_path):
    settings, problems = load(tmp_path, GOOD)
    assert settings == expected() and problems == []


@pytest.mark.parametrize(
    ("name", "junk"),
    [(name, junk) for name in GOOD if name != "version" for junk in JUNK if not (name == "sound" and junk is True)],
    ids=repr,
)
def test_a_bad_field_takes_its_default_is_named_and_the_rest_is_kept(tmp_path, name, junk):
    """The reported case among them: ``"volume": []`` was ``TypeError: unhashable type`` at every start."""
    settings, problems = load(tmp_path, {**GOOD, name: junk})
    want = expected()
    if name == "look" and isinstance(junk, dict):  # an empty look: every look field at its default
        want.look = Look()
    else:
        setattr(want, name, getattr(Settings(), name))
    if name in ("options", "deal_kind", "deal_level", "look") and isinstance(junk, dict):
        if name != "look":
            setattr(want, name, {})  # an empty table is a table: nothing named
        assert problems == []
    else:
        assert len(problems) == 1 and name in problems[0] and "settings.json" in problems[0]
    assert settings == want


SPIDER = {"spider": {"suits": "2"}}
LOOK: dict[str, object] = dict(GOOD["look"])  # type: ignore[call-overload]


@pytest.mark.parametrize(
    ("damage", "named", "kept"),
    [
        ({"options": {"klondike": {"draw": "7"}, **SPIDER}}, "options.klondike.draw", {"klondike": {}, **SPIDER}),
        ({"options": {"klondike": [], **SPIDER}}, "options.klondike", SPIDER),
        ({"options": {"chess": {}, "klondike": {"draw": "3"}, **SPIDER}}, "options.chess", expected().options),
        ({"look": {**LOOK, "deck": ["large-print"]}}, "look.deck", Look("classic", "dark", "red", True, True)),
        ({"look": {**LOOK, "left_handed": "yes"}}, "look.left_handed", Look("large-print", "dark", "red", True)),
        ({"deal_kind": {"spider": "random", "golf": 3}}, "deal_kind.golf", {"spider": "random"}),
    ],
)
def test_a_bad_entry_inside_a_field_costs_only_that_entry(tmp_path, damage, named, kept):
    settings, problems = load(tmp_path, {**GOOD, **damage})
    assert len(problems) == 1 and named in problems[0]
    field = named.split(".")[0]
    want = expected()
    setattr(want, field, kept)
    assert settings == want


def test_the_reported_settings_file_starts_the_game_with_a_message(tmp_path):
    (tmp_path / "settings.json").write_text('{"version":1,"volume":[]}', encoding="utf-8")
    app = make_app(tmp_path)
    app.go_home()
    run(app, 3)
    home = app.stack.top
    assert home is not None and home.message is not None and "volume" in home.message[0]
    assert app.settings.volume == "medium"
    app.close()


def refuse_writing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The data folder as a non-root user sees a ``chmod 555`` one: no file can be made in it (the
    tests run as root, whom permissions do not stop)."""

    def refused(*args: object, **kwargs: object) -> object:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("game.platform.desktop.tempfile.mkstemp", refused)


def test_a_read_only_data_folder_says_once_that_nothing_can_be_saved_and_play_goes_on(tmp_path, monkeypatch):
    said: list[str] = []
    real_say = TableScene.say
    monkeypatch.setattr(TableScene, "say", lambda self, message: (said.append(message), real_say(self, message)))
    refuse_writing(monkeypatch)
    app = make_app(tmp_path)
    scene = open_scene(app, "klondike", 7)
    for _ in range(3):
        assert scene.play(scene.session.legal[0])
        run(app, 2)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0))
    run(app, 2)  # a setting changed
    app.settings.animation = "fast"
    app.settings.save(app.store)
    app.close()  # no traceback at quit
    told = [message for message in said if "saved" in message]
    assert len(told) == 1 and "Nothing can be saved" in told[0] and not app.store.problems
    assert not list(tmp_path.glob("*.json"))


def test_a_folder_that_stops_taking_writes_is_said_once_not_at_every_move(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    scene = open_scene(app, "freecell", 3)
    assert scene.play(scene.session.legal[0])
    app.store.flush()
    refuse_writing(monkeypatch)  # the disk filled up, the folder was made read-only
    for _ in range(4):
        assert scene.play(scene.session.legal[0])
        app.store.flush()
    assert len(app.store.problems) == 1 and "could not be saved" in app.store.problems[0]  # no frame ran: not yet told
    monkeypatch.undo()
    assert scene.play(scene.session.legal[0])
    app.store.flush()
    assert json.loads((tmp_path / "save-freecell.json").read_text())["cursor"] == 6  # nothing lost once it works
    app.close()
