"""CM-19 with CM-10/CM-18: games played by keys alone, with speech written to a log
(``--speech log:FILE``), and the log read at every step: the focus, a pick-up with its places, the
move and what it turned up, messages, the whole table on T, the last announcement again on L, and
the win with its score."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.core.dealid import DealId
from game.core.i18n import set_language
from game.games.index import GAMES
from game.play.focus import Focus, move_focus
from game.rules.base import MOVE, PAIR, Move
from game.rules.pile import NO_PILE, Pile
from game.scenes.home_tile import tile_game
from game.scenes.table import TableScene
from game.session import Session
from game.solver.tasks import SolverTask
from game.speech.effects import effects_words
from game.speech.game_words import focus_words
from game.speech.words import card_name, pile_name, sentence
from game.store import Store
from game.view.acts import Turn
from tests.scene_helpers import key, run

ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def speaking(tmp: Path, variant: str, number: int, **options: str) -> tuple[App, TableScene, Path]:
    log = tmp / "said.txt"
    (tmp / "data").mkdir()
    app = App(size=(1280, 800), store=Store(tmp / "data"), speech=f"log:{log}")
    app.settings.animation = "off"
    scene = app.open_game(Session(DealId.make(variant, number, options)))
    run(app, 2)
    return app, scene, log


def said(log: Path) -> list[str]:
    return log.read_text(encoding="utf-8").splitlines()


def arrows_to(scene: TableScene, wanted: object) -> list[int]:
    """The shortest run of arrow keys that brings the focus to ``wanted`` (a pile: any of its
    cards; a (pile, index): that card), as a player would press them."""
    contents, fmap = scene.session.rules.piles(scene.state), scene.cards.map()

    def done(f: Focus | None) -> bool:
        return f is not None and (f == wanted or f[0] == wanted)

    start: Focus | None = scene.cards.at
    if done(start):
        return []
    seen: set[object] = {start}
    queue: deque[tuple[Focus | None, list[int]]] = deque([(start, [])])
    while queue:
        focus, path = queue.popleft()
        for k, (dx, dy) in ARROWS.items():
            nxt = move_focus(focus, dx, dy, contents, fmap)
            if nxt in seen:
                continue
            if done(nxt):
                return [*path, k]
            seen.add(nxt)
            queue.append((nxt, [*path, k]))
    raise AssertionError(f"the keys never reach {wanted}")


def press_to(app: App, scene: TableScene, wanted: object) -> None:
    for k in arrows_to(scene, wanted):
        key(app, k)


def play_by_keys(app: App, scene: TableScene, move: Move, log: Path) -> None:
    """A move made with arrows and Enter; what was said is checked on the way."""
    cards, _ = scene.session.rules.piles(scene.state)[move.src]
    index = len(cards) - move.size
    press_to(app, scene, (move.src, index))
    assert said(log)[-1] == focus_words(scene.game.seen(scene.state), scene.session.legal, move.src, index)
    assert said(log)[-1].lower().startswith(card_name(cards[index]))
    key(app, pygame.K_RETURN)
    if scene.interaction.selected is not None:  # picked up: where it can go is said, then placed
        assert said(log)[-1].startswith(f"Picked up {card_name(cards[index])}")
        press_to(app, scene, move.dst)
        assert "the selection can go here" in said(log)[-1]
        key(app, pygame.K_RETURN)
    moved = card_name(cards[index])
    if move.size > 1:
        moved += f" and {move.size - 1} card{'s' if move.size > 2 else ''} on it"
    assert f"{moved} to {pile_name(move.dst)}" in " ".join(said(log)[-3:]).lower()


def settle(app: App, scene: TableScene) -> None:
    for _ in range(400):
        if not scene.table.collecting and scene.settled():
            break
        run(app, 1, 1 / 30)
    run(app, 3)


def solved_move(scene: TableScene, lines: dict[object, Move]) -> Move:
    """The next move of a line that wins from here: searched from this position unless it is on a
    line searched before (``lines``: each position of the lines found, and its move), as it is
    unless the table's own moves (auto-collect) went another way."""
    if scene.state not in lines:
        task = SolverTask(scene.game.solver, scene.state, max_nodes=200_000)
        while not task.advance(1.0):
            pass
        result = task.result()
        assert result.moves, "the deal is won from here"
        state = scene.state
        for move in result.moves:
            lines[state] = move
            state = scene.session.rules.play(state, move)
    return lines[scene.state]


def test_cm19_cm18_freecell_deal_1_won_by_keys_alone_every_step_said(tmp_path):
    app, scene, log = speaking(tmp_path, "freecell", 1)
    assert said(log)[-1].startswith("FreeCell. T reads the whole table")
    key(app, pygame.K_t)
    whole = said(log)[-1]
    assert whole.startswith(
        "FreeCell. Moves 0, 0:00, This deal: 4 stars of 5. Foundations: 4 empty. Free cells: 4 empty."
    )
    assert "Column 1: jack of diamonds, king of diamonds" in whole
    played, lines = 0, {}
    while not scene.session.won:
        move = solved_move(scene, lines)
        assert move.kind == MOVE
        play_by_keys(app, scene, move, log)
        settle(app, scene)
        played += 1
        assert played < 150
    run(app, 240, 1 / 30)  # the celebration, then the win panel
    text = "\n".join(said(log))
    assert "You won!" in text and "Moves" in text and "Deal 1" in text and "freecell:" not in text
    assert app.speech.count >= 3 * played


def test_cm19_klondike_a_turned_card_a_message_the_repeat_key_and_undo(tmp_path):
    app, scene, log = speaking(tmp_path, "klondike", 1)
    rules = scene.session.rules
    move = next(m for m in scene.session.legal if m.kind == MOVE and rules.piles(scene.state)[m.src][1])
    turned_pile = move.src
    play_by_keys(app, scene, move, log)
    up = rules.piles(scene.state)[turned_pile][0][-1]
    assert f"{card_name(up)} turned up in {pile_name(turned_pile)}" in said(log)[-1]
    last = said(log)[-1]
    key(app, pygame.K_l)
    assert said(log)[-1] == last  # L says it again
    key(app, pygame.K_u)
    assert said(log)[-1].startswith("Undone: ")
    press_to(app, scene, Pile("stock"))
    assert said(log)[-1] == "Stock, 24 cards"
    key(app, pygame.K_RETURN)
    assert said(log)[-1].startswith("From the stock: ")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_cm19_every_game_says_the_focus_and_a_move_made_by_keys(game, tmp_path):
    app, scene, log = speaking(tmp_path, game.name, 3)
    key(app, pygame.K_RIGHT)
    assert scene.cards.at is not None
    pile, index = scene.cards.at
    assert said(log)[-1] == focus_words(scene.game.seen(scene.state), scene.session.legal, pile, index)
    ranked = sorted(scene.session.legal, key=lambda m: (m.kind not in (MOVE, PAIR), m.dst == NO_PILE))
    move = ranked[0]  # a card's move (a pair's, Pyramid), else the stock's
    cards, down = scene.session.rules.piles(scene.state)[move.src]
    press_to(app, scene, (move.src, len(cards) - move.size))
    if down < len(cards):
        assert said(log)[-1].lower().startswith(card_name(cards[len(cards) - move.size]))
    key(app, pygame.K_RETURN)
    if scene.interaction.selected is not None:  # picked up: then placed on the focused pile
        assert said(log)[-1].startswith("Picked up ")
        press_to(app, scene, move.dst)
        key(app, pygame.K_RETURN)
    elif app.stack.top is not scene:  # a game's own panel (Spider's segment panel): said, then confirmed
        assert said(log)[-1] == app.stack.top.spoken() and "Enter moves them" in said(log)[-1]
        key(app, pygame.K_RIGHT)
        assert " to column " in said(log)[-1]
        key(app, pygame.K_RETURN)
    assert scene.session.moves == 1
    contents = scene.session.rules.piles(scene.state)
    assert said(log)[-1].startswith(sentence(effects_words(scene.table.last_events, contents=contents)))


def test_cm18_tab_reaches_the_toolbar_its_buttons_are_said_pressed_and_ringed(tmp_path):
    app, scene, log = speaking(tmp_path, "klondike", 1)
    key(app, pygame.K_TAB)
    assert scene.bar.index == 0 and said(log)[-1] == "Menu, button"
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == "Undo, button, unavailable"  # nothing to undo yet
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == "Hint, button"
    key(app, pygame.K_RETURN)  # pressed by keys: the hint is shown and said
    for _ in range(200):
        if said(log)[-1].startswith("Hint: ") and not said(log)[-1].startswith("Hint: Computing"):
            break
        run(app, 1)
    assert said(log)[-1].startswith("Hint: ")
    # the focus ring is drawn on the focused button, and only while the keys are on the toolbar
    app.draw()
    ringed = pygame.image.tobytes(app.screen, "RGB")
    key(app, pygame.K_ESCAPE)  # back to the cards, said
    assert scene.bar.index is None and said(log)[-1].lower().startswith(
        ("seven", "two", "ten", "eight", "jack", "king")
    )
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") != ringed
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # Shift+Tab: the toolbar's last button
    assert said(log)[-1] == "Settings, button"
    key(app, pygame.K_RETURN)
    assert app.stack.top is not scene and said(log)[-1] == "Settings. Game, tab, chosen."
    key(app, pygame.K_RIGHT)  # along the tabs
    assert said(log)[-1] == "Look, tab"
    key(app, pygame.K_TAB)  # Tab: the next row, on its chosen option
    assert said(log)[-1] == "Animation, Off, button, chosen"
    key(app, pygame.K_TAB)
    assert said(log)[-1] == "Window, Full screen, toggle, off"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back to the tabs: on the chosen one
    assert said(log)[-1] == "Game, tab, chosen"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene and said(log)[-1] == "Settings, button"


def test_cm19_the_access_setting_off_silences_the_log_given_no_flag(tmp_path):
    app, _, log = speaking(tmp_path, "klondike", 1)
    app.speech_override = None
    app.settings.speech = "off"
    app.open_speech()
    before = len(said(log))
    key(app, pygame.K_RIGHT)
    assert len(said(log)) == before  # silent now
    assert not app.speech.on


def test_cm19_the_home_screen_says_its_focused_button_with_the_game_it_belongs_to(tmp_path):
    log = tmp_path / "said.txt"
    (tmp_path / "data").mkdir()
    app = App(size=(1280, 800), store=Store(tmp_path / "data"), speech=f"log:{log}")
    app.go_home()
    run(app, 2)
    assert said(log)[-1].startswith("Solitaire. ")
    for _ in range(3):
        key(app, pygame.K_RIGHT)
        top = app.stack.top
        b = top.buttons[top.focus]
        if isinstance(b.action, Turn):  # the arrows between pages of games say what they do
            assert said(log)[-1].endswith(("Next page, button", "Previous page, button"))
            continue
        assert said(log)[-1].endswith(f"{b.label}, button") or b.note in said(log)[-1]
        if tile_game(b.action):
            assert any(g.title() in said(log)[-1] for g in GAMES)


def test_cm18_a_narrow_windows_more_is_reached_by_tab_and_its_entries_said(tmp_path):
    log = tmp_path / "said.txt"
    (tmp_path / "data").mkdir()
    app = App(size=(480, 800), store=Store(tmp_path / "data"), speech=f"log:{log}")
    scene = app.open_game(Session(DealId.make("klondike", 1)))
    run(app, 2)
    labels = [b.label for b in scene.buttons]
    assert labels[-1] == "More…", labels  # the window is too narrow for every button
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # the toolbar's last button: More…
    assert said(log)[-1] == "More…, button"
    key(app, pygame.K_RETURN)
    panel = app.stack.top
    assert panel is not scene and said(log)[-1].startswith("More. ")
    entries = [text for _, text in scene.more]
    key(app, pygame.K_DOWN)
    assert said(log)[-1] in {f"{t}, button" for t in [*entries, "Cancel"]}
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene


def test_cm19_the_rules_screen_is_read_with_its_keys_t_and_l_among_them(tmp_path):
    app, scene, log = speaking(tmp_path, "klondike", 1)
    key(app, pygame.K_F1)
    assert app.stack.top is not scene
    page = said(log)[-1]
    assert page.startswith("Rules: Klondike. ") and "Reads the whole table aloud" in page
    assert "Says the last announcement again" in page and "Tab" in page
