"""CM-19, round two: spoken play that never misleads. After a card leaves, the card the focus goes
to is said; a gap chosen first names the cards that can come to it and where they lie; a selection
let go is said; a hint names where its card lies; a move says what it left in sight; keys for a
double tap, Home and End, Addiction's redeal; no wrapping arrows; one "Computing…"; the win panel
straight after auto-collect's summary, with nothing stale between; the reading key's summary."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest
from scene_helpers import key, run
from test_speech_play import press_to, said, speaking

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.core.i18n import set_language
from game.games.index import game_for
from game.hints import fresh
from game.play.table import ShownHint
from game.rules.base import DEAL_MOVE, MOVE, REDEAL, Move, Moved
from game.rules.history import History
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE, Pile
from game.scenes.win_panel import WinPanel
from game.solver.tasks import SolverTask
from game.speech.effects import effects_words
from game.speech.game_words import focus_words, move_words, whole_table
from game.speech.words import card_name, pile_name, unsymbolled


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def focus_said(scene) -> str:
    pile, index = scene.cards.at
    return focus_words(scene.game.seen(scene.state), scene.session.legal, pile, index)


def test_cm19_tripeaks_deal_1_the_card_the_focus_goes_to_after_a_play_is_said(tmp_path):
    """Item 1: Right, Right, Up, Left×3, Enter, Left, Enter — then Right skipped 7♥ unheard."""
    app, scene, log = speaking(tmp_path, "tripeaks", 1)
    for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT, pygame.K_LEFT, pygame.K_LEFT):
        key(app, k)
    key(app, pygame.K_RETURN)
    assert said(log)[-1].startswith("Nine of hearts to waste")
    assert said(log)[-1].endswith(focus_said(scene) + ".")
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)
    assert said(log)[-1].startswith("Eight of hearts to waste")
    assert "Seven of hearts, row 4, card 3." in said(log)[-1]  # where the keys are now: 7♥
    key(app, pygame.K_RIGHT)
    assert said(log)[-1] == focus_said(scene) == "Four of diamonds, row 4, card 4"


def test_cm19_pyramid_deal_1_a_removed_kings_neighbour_is_said(tmp_path):
    app, scene, log = speaking(tmp_path, "pyramid", 1)
    for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_UP, pygame.K_LEFT):
        key(app, k)
    assert said(log)[-1] == "King of spades, row 7, card 3"
    key(app, pygame.K_RETURN)
    assert said(log)[-1] == f"Removed: king of spades. {focus_said(scene)}."
    key(app, pygame.K_LEFT)
    assert said(log)[-1] == focus_said(scene)


def addiction_with_first_column_gap(tmp_path):
    app, scene, log = speaking(tmp_path, "addiction", 1)
    grid = list(scene.state.grid)
    gap = grid.index(NO_CARD)
    grid[gap], grid[39] = grid[39], grid[gap]  # row 4 starts with a gap
    scene.session.history = History(scene.session.rules, dataclasses.replace(scene.state, grid=tuple(grid)))
    scene.table.changed_by([])
    scene.cards.at, scene.cards.shown = (Pile("grid", 39), -1), True
    return app, scene, log


def test_cm19_addiction_a_first_column_gap_names_the_twos_and_where_each_lies(tmp_path):
    app, scene, log = addiction_with_first_column_gap(tmp_path)
    key(app, pygame.K_RETURN)
    line = said(log)[-1]
    assert line.startswith("Gap at the start of row 4, 4 cards can go here, ")
    for pile, (cards, _) in scene.session.rules.piles(scene.state).items():
        if cards and cards[-1] % 13 == 1:  # each two, with its place
            assert f"{card_name(cards[-1])}, {pile_name(pile)}" in line
    assert not re.search(r"row 4, place 1\b", line)  # the gap itself, never as a place to go
    assert line.endswith("Now choose the card to move here.")


def test_cm19_addiction_a_move_says_where_it_came_from_and_the_gap_it_opened(tmp_path):
    app, scene, log = addiction_with_first_column_gap(tmp_path)
    key(app, pygame.K_RETURN)
    two = next(p for p, (cards, _) in scene.session.rules.piles(scene.state).items() if cards and cards[-1] == 40)
    press_to(app, scene, two)  # the two of clubs
    key(app, pygame.K_RETURN)
    assert said(log)[-1].startswith(f"Two of clubs from {pile_name(two)} to row 4, place 1, new gap ")


def test_cm19_a_selection_let_go_is_said(tmp_path):
    """Item 3: a refused place, the same column again, Esc: "Selection cleared", never silence."""
    app, scene, log = speaking(tmp_path, "klondike", 1)
    move = next(m for m in scene.session.legal if m.kind == MOVE and m.src in TABLEAUS and m.dst in TABLEAUS)
    cards, _ = scene.session.rules.piles(scene.state)[move.src]
    wrong = next(p for p in TABLEAUS if p not in (move.src, move.dst) and p != TABLEAUS[0])
    press_to(app, scene, (move.src, len(cards) - move.size))
    key(app, pygame.K_RETURN)
    assert said(log)[-1].startswith("Picked up ")
    press_to(app, scene, wrong)
    key(app, pygame.K_RETURN)
    assert said(log)[-1].endswith("Selection cleared.") and scene.interaction.selected is None
    assert len(said(log)[-1]) > len("Selection cleared.")  # the reason comes first
    press_to(app, scene, (move.src, len(cards) - move.size))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)  # Enter on the same column: let go
    assert said(log)[-1] == "Selection cleared."
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert said(log)[-1] == "Selection cleared." and app.stack.top is scene


def test_cm19_a_hint_names_where_its_card_lies_and_the_run_it_carries():
    """Item 4: Spider has two of each card; a hint says which one, and how many ride on it."""
    game = game_for("spider")
    state = game.rules.deal(DealId.make("spider", 1, {"suits": "2"}))
    state = game.rules.play(state, DEAL_MOVE)
    move = next(m for m in game.rules.legal_moves(state) if m.kind == MOVE)
    cards, _ = game.rules.piles(state)[move.src]
    said = move_words(game.seen(state), move)
    assert said.startswith(f"{card_name(cards[-move.size])} from {pile_name(move.src)} to {pile_name(move.dst)}")
    run = Move(MOVE, move.src, move.dst, 3)
    assert move_words(game.seen(state), run).startswith(f"{card_name(cards[-3])} and 2 cards on it from ")


def test_cm19_a_move_says_what_it_left_in_sight():
    """Item 5: Golf's next card in the column, Canfield's playable card of three, a Spider deal's
    cards, the waste's new top."""
    golf = game_for("golf")
    state = golf.rules.deal(DealId.make("golf", 2))
    move = next(m for m in golf.rules.legal_moves(state) if m.kind == MOVE)
    after, events = golf.rules.apply(state, move)
    cards, _ = golf.rules.piles(after)[move.src]
    said = effects_words(events, contents=golf.rules.piles(after))
    assert said.endswith(f"{card_name(cards[-1])} now on top of {pile_name(move.src)}")
    canfield = game_for("canfield")
    state = canfield.rules.deal(DealId.make("canfield", 1, {"draw": "3"}))
    after, events = canfield.rules.apply(
        state, next(m for m in canfield.rules.legal_moves(state) if m.src == STOCK_PILE)
    )
    waste, _ = canfield.rules.piles(after)[WASTE_PILE]
    said = effects_words(events, contents=canfield.rules.piles(after))
    assert said.endswith(f", {card_name(waste[-1])} on top")
    assert said.count(card_name(waste[-1])) == 1  # named once: "…, ace of clubs, two of clubs on top"
    spider = game_for("spider")
    state = spider.rules.deal(DealId.make("spider", 1))
    after, events = spider.rules.apply(state, DEAL_MOVE)
    tops = [card_name(spider.rules.piles(after)[p][0][-1]) for p in TABLEAUS[:10]]
    assert effects_words(events, contents=spider.rules.piles(after)) == (
        "Dealt 10 cards, one onto each column: " + ", ".join(tops)
    )
    klondike = game_for("klondike")
    state = klondike.rules.deal(DealId.make("klondike", 1))
    for _ in range(2):
        state = klondike.rules.play(state, next(m for m in klondike.rules.legal_moves(state) if m.src == STOCK_PILE))
    waste, _ = klondike.rules.piles(state)[WASTE_PILE]
    contents = {**klondike.rules.piles(state), WASTE_PILE: (waste[:-1], 0)}
    said = effects_words([Moved(WASTE_PILE, TABLEAUS[0], waste[-1:])], contents=contents)
    assert said.endswith(f"{card_name(waste[-2])} now on top of waste")


def test_cm10_cm3_shift_enter_sends_the_focused_card_home(tmp_path):
    """Item 6: a key does what a double tap does on the focused card."""
    app, scene, _ = speaking(tmp_path, "freecell", 1)
    position = scene.table.position()
    column = next(p for p in TABLEAUS if scene.interaction.auto_destination(position, p, len(position.cards(p)) - 1))
    press_to(app, scene, column)
    key(app, pygame.K_RETURN, mod=pygame.KMOD_SHIFT)
    assert scene.session.moves == 1 and scene.interaction.selected is None


def test_cm10_home_and_end_walk_a_column_and_arrows_stop_at_the_edges(tmp_path):
    app, scene, log = speaking(tmp_path, "yukon", 1)
    press_to(app, scene, TABLEAUS[6])
    cards, down = scene.session.rules.piles(scene.state)[TABLEAUS[6]]
    key(app, pygame.K_HOME)
    assert scene.cards.at == (TABLEAUS[6], down) and said(log)[-1] == focus_said(scene)
    key(app, pygame.K_END)
    assert scene.cards.at == (TABLEAUS[6], len(cards) - 1)
    press_to(app, scene, TABLEAUS[0])
    key(app, pygame.K_LEFT)  # the first column: no wrapping round to the foundations' side
    assert scene.cards.at[0] == TABLEAUS[0] and said(log)[-1] == focus_said(scene)
    press_to(app, scene, FOUNDATIONS[0])  # the side column is reached from the last one, as before
    assert scene.cards.at[0] == FOUNDATIONS[0]


def test_ad6_d_redeals_addiction_when_stuck_and_says_why_not_otherwise(tmp_path):
    """Item 6: Addiction's Redeal has a key, D, as the stock has in the other games."""
    app, scene, log = speaking(tmp_path, "addiction", 1)
    key(app, pygame.K_d)
    assert scene.session.moves == 0 and said(log)[-1] == "A redeal is possible only when no card can move."
    grid = list(scene.state.grid)
    kings = [i for i, c in enumerate(grid) if c != NO_CARD and c % 13 == 12 and (i + 1) % 13]
    gaps = [i for i, c in enumerate(grid) if c == NO_CARD]
    for gap, king in zip(gaps, kings, strict=True):  # every gap right of a king: stuck
        grid[gap], grid[king + 1] = grid[king + 1], grid[gap]
    scene.session.history = History(scene.session.rules, dataclasses.replace(scene.state, grid=tuple(grid)))
    scene.table.changed_by([])
    assert [m.kind for m in scene.session.legal] == [REDEAL]
    key(app, pygame.K_d)
    assert scene.state.redeals == 1 and said(log)[-1].startswith("Redealt")


class Endless:
    """A hint's search that never ends (a long think, without the wait)."""

    def advance(self, seconds: float) -> bool:
        return False

    def cancel(self) -> None:
        pass


def test_cm19_a_hint_asked_twice_says_computing_once_and_never_long_silent(tmp_path, monkeypatch):
    app, scene, log = speaking(tmp_path, "spider", 1)
    monkeypatch.setattr(fresh, "hint_on_line", lambda *args: Endless())
    key(app, pygame.K_h)
    key(app, pygame.K_h)  # asked again while it thinks: one search, one "Computing…"
    run(app, 40, 1 / 60)  # past half a second without an answer: "Computing…", once
    assert [line for line in said(log) if "Computing" in line] == ["Hint: Computing…"]
    run(app, 2 * 60 + 30, 1 / 60)  # then a word every two seconds
    assert said(log)[-1] == "Hint: Still computing…"
    assert isinstance(scene.table.hint, ShownHint)


def test_cm19_the_win_panel_follows_auto_collects_summary_at_once_with_nothing_stale(tmp_path):
    app, scene, log = speaking(tmp_path, "freecell", 1)
    app.settings.animation = "normal"
    task = SolverTask(scene.game.solver, scene.state, max_nodes=500_000)
    while not task.advance(1.0):
        pass
    for move in task.result().moves:
        if scene.table.collecting or scene.session.won:
            break
        scene.play(move)
        run(app, 10, 1 / 60)
    before = len(said(log))
    for _ in range(60):  # one second
        run(app, 1, 1 / 60)
        if isinstance(app.stack.top, WinPanel):
            break
    assert isinstance(app.stack.top, WinPanel)
    new = said(log)[before:]
    assert new[-1].startswith("You won!")
    assert all("reads the whole table" not in line for line in new)
    assert any("cards home" in line or "card home" in line for line in new[:-1]) or "home" in said(log)[before - 1]


def test_cm19_the_reading_key_sums_up_first_and_counts_face_down_cards(tmp_path):
    game = game_for("tripeaks")
    state = game.rules.deal(DealId.make("tripeaks", 1))
    lines = whole_table(game.seen(state))
    assert lines[0] == "TriPeaks" and lines[1].startswith("Score 0, ")
    assert lines[2].startswith("Stock: ") and lines[3].startswith("Waste: ")
    assert lines[4:7] == ["Row 1: 3 face down", "Row 2: 6 face down", "Row 3: 9 face down"]
    freecell = game_for("freecell")
    lines = whole_table(freecell.seen(freecell.rules.deal(DealId.make("freecell", 1))))
    assert lines[2:4] == ["Foundations: 4 empty", "Free cells: 4 empty"]
    assert lines[4].startswith("Column 1: ")


@pytest.mark.parametrize(
    "lang, shown, expected",
    [
        (
            "en",
            "J♥ is not one rank above or below 4♦.",
            "Jack of hearts is not one rank above or below four of diamonds.",
        ),
        (
            "it",
            "J♥ non è immediatamente superiore a 10♦.",
            "Fante di cuori non è immediatamente superiore a 10 di quadri.",
        ),
        ("ja", "J♥は4♦の隣の数字ではありません。", "ハートのジャックはダイヤの4の隣の数字ではありません。"),
    ],
)
def test_cm19_cards_in_a_reason_are_said_as_words_and_japanese_has_no_stray_spaces(lang, shown, expected):
    set_language(lang)
    assert unsymbolled(shown) == expected
    if lang == "ja":
        assert unsymbolled("スパイダー · 2スート 完成 0/8") == "スパイダー·2スート完成0/8"


def test_cm19_a_quick_hint_is_said_alone_without_computing_before_it(tmp_path):
    """Item 7 (blind review): "Hint: Computing…" came before every hint, even one that answered in
    0.05 s: two lines a hint all game. A hint that comes within half a second is said alone."""
    app, scene, log = speaking(tmp_path, "golf", 1)
    key(app, pygame.K_h)
    for _ in range(30):
        if scene.table.hint_job is None:
            break
        run(app, 1, 1 / 60)
    if scene.table.hint_job is not None:
        pytest.skip("the hint took longer than half a second")
    run(app, 2)
    hints = [line for line in said(log) if line.startswith("Hint")]
    assert hints and not any("Computing" in line for line in hints)


def test_cm19_a_key_that_lets_the_selection_go_says_so(tmp_path):
    """Item 3 (blind review): a card picked up and then D (the stock) or H (a hint) was dropped
    without a word; now "Selection cleared" follows what the key itself said."""
    app, scene, log = speaking(tmp_path, "klondike", 1)
    for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RETURN):
        key(app, k)
    assert scene.interaction.selected is not None
    key(app, pygame.K_d)
    assert scene.interaction.selected is None
    assert said(log)[-1] == "Selection cleared"


def test_cm19_a_pair_removed_together_is_said_once():
    """Item 5 (blind review): "Removed: ten of clubs, Removed: three of clubs" for one pair."""
    pyramid = game_for("pyramid")
    state = pyramid.rules.deal(DealId.make("pyramid", 1))
    pair = next((m for m in pyramid.rules.legal_moves(state) if m.kind == "pair" and m.dst != m.src), None)
    if pair is None:
        pytest.skip("no pair at the deal")
    after, events = pyramid.rules.apply(state, pair)
    said = effects_words(events, contents=pyramid.rules.piles(after))
    assert said.startswith("Removed: ") and said.count("Removed") == 1


@pytest.mark.parametrize(
    "shown, expected",
    [
        ("Deal 1 · 1♠", "Deal 1 · 1 suit (spades)"),
        ("2♠♥", "2 suits (spades, hearts)"),
        ("4♠♥♦♣", "4 suits (spades, hearts, diamonds, clubs)"),
        ("2♠ to foundation 1", "Two of spades to foundation 1"),
    ],
)
def test_cm19_spiders_suit_counts_are_said_as_counts_not_cards(shown, expected):
    """Blind review: Spider's chips "2♠♥" were said "two of spades hearts", "1♠" "1 spades"."""
    assert unsymbolled(shown) == expected


def test_sp11_the_run_panel_starts_at_the_focused_card_and_none_opens_where_nothing_moves(tmp_path):
    """Blind review: Enter on the eight of spades (the hint's card) offered the column's longest
    run, and a second Enter moved that one; and a column where no run can move opened a panel in
    which Enter said nothing (it still opens: it shows the column enlarged, SP-11; Enter closes it
    and says why nothing moves)."""

    from game.scenes.segment import SegmentPanel

    app, scene, log = speaking(tmp_path, "spider", 1)
    state = scene.state
    column = next(
        p
        for p in TABLEAUS[:10]
        if len([m for m in scene.session.legal if m.src == p]) and len(state.tableau[p.idx]) > state.down[p.idx]
    )
    top = len(state.tableau[column.idx]) - 1
    scene.open_panel(column, top)
    run(app, 2)
    panel = app.stack.top
    assert isinstance(panel, SegmentPanel) and panel.size == 1  # the run from the card the player is on
    app.pop(panel)
    stuck = next((p for p in TABLEAUS[:10] if not any(m.src == p for m in scene.session.legal)), None)
    if stuck is not None:
        scene.cards.at = (stuck, len(state.tableau[stuck.idx]) - 1)
        key(app, pygame.K_RETURN)
        assert isinstance(app.stack.top, SegmentPanel)
        key(app, pygame.K_RETURN)
        assert app.stack.top is scene
        assert said(log)[-1].endswith("These cards have no place to go right now.")


def test_cm19_addictions_table_is_read_a_row_a_line():
    """Blind review: T read Addiction's 52 places as 52 lines ("Row 1, place 1: …"); a row is one
    line, its gaps said in their places."""
    from game.speech.reading import table_reading

    addiction = game_for("addiction")
    state = addiction.rules.deal(DealId.make("addiction", 1))
    lines = table_reading(addiction.rules.piles(state))
    assert [line.split(":")[0] for line in lines] == ["Row 1", "Row 2", "Row 3", "Row 4"]
    assert sum(line.count("gap") for line in lines) == 4
