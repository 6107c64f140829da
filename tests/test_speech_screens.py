"""CM-18 / CM-19 on the screens around the table: Records, History, a replay and the deal-ID
field, driven by keys alone, each step read from the log speaker (``speech="log:FILE"``): Tab
and Shift+Tab go from group to group, the arrows inside one, Enter presses, Esc goes back, and
every focus is said with its role and state."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.core.cards import parse_card
from game.core.dealid import DealId
from game.core.i18n import ptr, set_language, tr
from game.games.index import GAMES
from game.rules.base import Moved
from game.rules.pile import FOUNDATIONS, TABLEAUS
from game.scenes.deal_entry import DealEntryPanel
from game.scenes.history import GamePanel, HistoryScene
from game.scenes.home_tile import tile_game
from game.scenes.records import RecordsScene
from game.scenes.replay import ReplayScene
from game.scenes.table import TableScene
from game.session import Session
from game.speech.effects import FEW_COLLECTED, collected_words, effects_words
from game.speech.words import sentence, unsymbolled
from game.store import Store
from game.view.widgets import BUTTON_ON, RING_OUTER, Button, rect
from tests.helpers import solve_deal
from tests.scene_helpers import key, run
from tests.test_records_scenes import win_klondike


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def speaking(tmp: Path) -> tuple[App, Path]:
    log = tmp / "said.txt"
    (tmp / "data").mkdir()
    app = App(size=(1280, 800), store=Store(tmp / "data"), speech=f"log:{log}")
    app.settings.animation = "off"
    return app, log


def said(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines()


def typed(app: App, text: str) -> None:
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        run(app, 1)


def test_cm18_cm19_records_by_keys_the_figures_read_the_choosers_named(tmp_path):
    app, log = speaking(tmp_path)
    win_klondike(app)
    app.show_records("klondike")
    records = app.stack.top
    assert isinstance(records, RecordsScene)
    assert said(log)[-1].startswith("Records. Klondike, Draw 1") and "Played, 1, Won, 1, Win rate, 100" in said(log)[-1]
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Previous game, button"
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == "Next game, button"
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Previous options, button"
    key(app, pygame.K_TAB)  # the figures: each read with its value
    assert said(log)[-1] == "Played, 1"
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == "Won, 1"
    key(app, pygame.K_RIGHT)
    assert said(log)[-1].startswith("Win rate, 100")
    key(app, pygame.K_RETURN)  # a figure is read, not pressed
    assert app.stack.top is records
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Back, button"
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == "History, button"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back to the figures' first
    assert said(log)[-1] == "Played, 1"
    for _ in range(2):
        key(app, pygame.K_TAB)
    assert said(log)[-1] == "Previous game, button"  # round again
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the next game: its name, options and figures said
    assert records.variant != "klondike" and said(log)[-1] == unsymbolled(records.chosen_words())
    assert "Best time, none" in said(log)[-1]
    assert said(log)[-1].startswith(records.labels["game"][0]) and "Played, 0" in said(log)[-1]
    app.draw()  # the ring is drawn on the focused arrow
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is not records and records not in app.stack.scenes


def test_cm18_cm19_history_rows_said_and_a_replays_buttons_named_by_keys(tmp_path):
    app, log = speaking(tmp_path)
    win_klondike(app)
    app.show_history()
    history = app.stack.top
    assert isinstance(history, HistoryScene)
    assert said(log)[-1].startswith("History: All games. 1 game listed.")
    key(app, pygame.K_DOWN)  # the first arrow lands on the rows
    row = said(log)[-1]
    assert row.startswith("Klondike · Won, list item, ") and " moves" in row and history.focus == 0
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Back, button" and history.focus == -1
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Previous game, button"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # the filter: Klondike
    assert history.variant == "klondike" and said(log)[-1] == "History: Klondike. 1 game listed."
    key(app, pygame.K_TAB)
    assert said(log)[-1] == row
    key(app, pygame.K_RETURN)
    panel = app.stack.top
    assert isinstance(panel, GamePanel)
    assert said(log)[-1].endswith("Replay, button.")
    assert panel.show_focus  # opened by a key: its ring is on Replay already
    key(app, pygame.K_RETURN)  # and Enter presses it
    replay = app.stack.top
    assert isinstance(replay, ReplayScene)
    assert any(line.startswith("Replay · move 0 of ") for line in said(log)[-3:])  # then its moves, said
    key(app, pygame.K_SPACE)  # pause at once (no Tab): said
    assert said(log)[-1] == "Paused" and replay.paused
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Close, button" and replay.bar.index == 0
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == ("Step back, button" if replay.step_i else "Step back, button, unavailable")
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == "Play, button"
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == "Step forward, button"
    before = replay.step_i
    key(app, pygame.K_RETURN)  # one move played, and said as a move is
    assert replay.step_i == before + 1 and said(log)[-1].startswith(sentence(effects_words(replay.table.last_events)))
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == "Speed: normal, button"
    key(app, pygame.K_RETURN)
    assert said(log)[-1] == "Speed: double, button" and replay.speed == 2.0
    app.draw()
    ringed = pygame.image.tobytes(app.screen, "RGB")
    key(app, pygame.K_ESCAPE)  # off the buttons: where the replay is
    assert said(log)[-1] == f"Replay · move {replay.step_i} of {len(replay.moves)}" and replay.bar.index is None
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") != ringed  # the ring went with the focus
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is history


def test_cm18_cm19_the_deal_id_field_echoes_typing_says_a_bad_id_and_reaches_its_buttons(tmp_path):
    app, log = speaking(tmp_path)
    app.go_home()
    run(app, 2)
    home = app.stack.top
    home.act("by_id")
    panel = app.stack.top
    assert isinstance(panel, DealEntryPanel)
    assert said(log)[-1].startswith("Play a deal by ID. For example") and said(log)[-1].endswith(
        "Deal ID, text field, empty."
    )
    typed(app, "zq 9")
    assert said(log)[-4:] == ["z", "q", "space", "9"]
    key(app, pygame.K_BACKSPACE)
    assert said(log)[-1] == "9 deleted" and panel.entry == "zq "
    key(app, pygame.K_RETURN)  # on the field, Enter is OK: a bad ID, and why, said
    assert said(log)[-1].startswith("That is not a deal ID: ") and app.stack.top is panel
    key(app, pygame.K_LEFT)  # on the field, an arrow reads it again
    assert said(log)[-1] == "Deal ID, text field, zq"
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Clear, button"
    key(app, pygame.K_RETURN)
    assert panel.entry == ""
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Deal ID, text field, empty"
    typed(app, "freecell 1")
    key(app, pygame.K_RETURN)
    top = app.stack.top
    assert isinstance(top, TableScene) and str(top.session.deal_id) == "freecell:1:v1"


def test_cm18_cm19_c_copies_the_status_bars_deal_id_says_it_and_the_rules_list_it(tmp_path):
    app, log = speaking(tmp_path)
    scene = app.open_game(Session(DealId.make("klondike", 5)))
    run(app, 2)
    key(app, pygame.K_c)
    run(app, 2)
    assert said(log)[-1] in {"Deal ID copied: klondike:draw=1,redeals=unlimited:5:v1",
                             "Deal ID: klondike:draw=1,redeals=unlimited:5:v1"}  # fmt: skip
    assert app.paste_text() == str(scene.session.deal_id)
    key(app, pygame.K_F1)
    page = said(log)[-1]
    assert "C: Copies the deal ID shown in the status bar, as tapping it does." in page


def test_cm18_the_focus_ring_is_white_off_the_edge_never_a_toggles_gold_edge(tmp_path):
    app, log = speaking(tmp_path)
    scene = app.open_game(Session(DealId.make("klondike", 1)))
    run(app, 2)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # Settings
    key(app, pygame.K_LEFT)  # Sound: a toggle, on
    assert said(log)[-1] == "Sound, toggle, on" and app.settings.sound
    sound = next(b for b in scene.buttons if b.action == "mute")
    records = next(b for b in scene.buttons if b.action == "records")

    def ring(b: Button, colour: tuple[int, int, int]) -> bool:
        r = rect(b.rect)
        return tuple(app.screen.get_at((r.centerx, r.y - 6)))[:3] == colour

    def edge(b: Button) -> tuple[int, ...]:
        r = rect(b.rect)
        return tuple(app.screen.get_at((r.centerx, r.y)))[:3]

    app.draw()
    assert ring(sound, RING_OUTER) and edge(sound) == BUTTON_ON  # focused and on: both, told apart
    key(app, pygame.K_LEFT)  # Records focused; Sound on, not focused
    app.draw()
    assert ring(records, RING_OUTER) and not ring(sound, RING_OUTER) and edge(sound) == BUTTON_ON
    assert edge(records) != BUTTON_ON  # the ring leaves the focused button's own edge alone


def test_cm19_auto_collect_is_said_once_when_it_stops_not_card_by_card(tmp_path):
    app, log = speaking(tmp_path)
    deal = DealId.make("freecell", 1)
    scene = app.open_game(Session(deal))
    run(app, 2)
    for move in solve_deal(deal).moves:
        if scene.table.collecting or scene.session.won:
            break
        assert scene.play(move)
        run(app, 1)
    assert scene.table.collecting, "the solution's line reaches a certain end"
    before, moves = len(said(log)), scene.session.moves
    for _ in range(2000):
        run(app, 1, 1 / 30)
        if not scene.table.collecting:
            break
    run(app, 2)
    collected = scene.session.moves - moves
    new = said(log)[before:]
    assert collected > 1 and new[0].startswith(f"{collected} cards home"), new
    assert not any(" to foundation " in line for line in new[1:])  # no card said alone after it
    if collected > FEW_COLLECTED:  # each foundation's last card
        assert new[0].count(" of ") <= 4


def test_cm19_a_few_collected_cards_are_each_said_with_where_they_went():
    events = [Moved(TABLEAUS[0], FOUNDATIONS[k], (parse_card(c),)) for k, c in enumerate(("AS", "AH"))]
    assert collected_words(events) == "2 cards home: ace of spades to foundation 1, ace of hearts to foundation 2"
    many = [Moved(TABLEAUS[k], FOUNDATIONS[0], (parse_card(c),)) for k, c in enumerate(("AS", "2S", "3S", "4S"))]
    assert collected_words(many) == "4 cards home, up to four of spades"


def test_cm18_cm19_tab_goes_from_tile_to_tile_on_the_home_screen_each_said_with_its_game(tmp_path):
    app, log = speaking(tmp_path)
    app.go_home()
    run(app, 2)
    home = app.stack.top
    key(app, pygame.K_TAB)
    first = said(log)[-1]
    game_one = next(g.title() for g in GAMES if first.startswith(g.title() + ", "))
    key(app, pygame.K_RIGHT)  # inside the tile: the same game
    assert said(log)[-1].startswith(game_one + ", ")
    key(app, pygame.K_TAB)  # the next tile: another game
    second = said(log)[-1]
    assert not second.startswith(game_one + ", ") and any(second.startswith(g.title() + ", ") for g in GAMES)
    assert second.endswith(("button", "chosen")) or ", button, " in second
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back to the first tile
    assert said(log)[-1].startswith(game_one + ", ") and app.stack.top is home
    for _ in range(20):  # on round: past the tiles, the bar's buttons, said without a game
        key(app, pygame.K_TAB)
        if not any(said(log)[-1].startswith(g.title() + ", ") for g in GAMES):
            break
    assert said(log)[-1].endswith(", button") and not tile_game(home.buttons[home.focus].action)


@pytest.mark.parametrize(
    "language, field, deleted",
    [("ja", "配牌ID、入力欄、", "9を削除"), ("it", "Numero della mano, campo di testo, ", "9 cancellato")],
)
def test_cm19_the_deal_id_field_is_said_in_the_games_language(tmp_path, language, field, deleted):
    app, log = speaking(tmp_path)
    set_language(language)
    app.go_home()
    run(app, 2)
    app.stack.top.act("by_id")
    assert said(log)[-1].startswith(tr("Play a deal by ID")) and field in said(log)[-1]
    typed(app, "9")
    key(app, pygame.K_BACKSPACE)
    assert said(log)[-2:] == ["9", deleted]
    key(app, pygame.K_TAB)
    assert said(log)[-1] == ptr("list", ", ").join([tr("Clear"), tr("button")]) != "Clear, button"
