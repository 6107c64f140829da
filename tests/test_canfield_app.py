"""Canfield in the window (CF-1 ... CF-6), driven by real pygame events: the reserve's card played
by a tap and a tap, a column emptied and filled at once, a double tap home; its record (the reserve
fanned face down but its top, the base rank on the empty foundations, the status bar, the option's
words, the Rules screen), its hints (never peeking), its seeds and its demo; and the screens the
other games are held to, at every size, in every language."""

from __future__ import annotations

import pygame
import pytest
from helpers import ask_hint, cards
from scene_helpers import center, click, drag, key, make_app, open_scene, run
from test_canfield import table
from test_sizes import LANGUAGES, SIZES, draw, inside, log, speak  # noqa: F401 (fixtures)

from game.core.dealid import DealId
from game.games.canfield.rules import RESERVE_PILE
from game.games.index import game_for
from game.hints.base import PROVEN
from game.play.status import table_status
from game.rules.pile import FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE
from game.rules.registry import start
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import seeds_path, winnable_efforts
from game.view.acts import ForGame

GAME = game_for("canfield")
OPTION_SETS = [{"draw": d, "moves": m} for d in ("3", "1") for m in ("runs", "whole")]


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


# -- taps and drags ------------------------------------------------------------------------------------


def test_cf3_a_tap_on_the_reserves_card_then_on_a_column_plays_it_and_turns_up_the_next(app):
    s = table("6H", "7D", "9S", "JS", reserve="QC 5C", waste="2D 8H", home="4C -- -- --", base="4")
    scene = open_scene(app, "canfield", state=s)
    click(app, center(scene, RESERVE_PILE))
    click(app, center(scene, TABLEAUS[0]))
    state = scene.session.state
    assert state.tableau[0] == cards("6H 5C") and state.reserve == cards("QC") and scene.session.moves == 1
    faces = {sp.card: sp.face_up for sp in scene.view.sprites.items if sp.pile == RESERVE_PILE}
    assert faces == {cards("QC")[0]: True}


def test_cf4_a_column_sent_home_is_filled_from_the_reserve_at_once_and_cf2_a_double_tap_sends_it_home(app):
    s = table("5C", "7D", "9S", "JS", reserve="QC 3D", home="4C -- -- --", base="4")
    scene = open_scene(app, "canfield", state=s)
    pos = center(scene, TABLEAUS[0])
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    state = scene.session.state
    assert state.foundations[0] == cards("5C")[0] and state.tableau[0] == cards("3D") and state.reserve == cards("QC")
    assert scene.session.moves == 1


def test_cf4_a_run_dragged_into_an_empty_column_flies_back_with_the_reason(app):
    s = table("", "7D 6C", "9S", "JS", waste="KD", stock="2H", home="4C -- -- --", base="4")
    scene = open_scene(app, "canfield", state=s)
    drag(app, center(scene, TABLEAUS[1], 0), center(scene, TABLEAUS[0]))
    run(app, 30)
    assert scene.session.state == s and "waste" in scene.table.toast[0]
    drag(app, center(scene, WASTE_PILE), center(scene, TABLEAUS[0]))
    run(app, 30)
    assert scene.session.state.tableau[0] == cards("KD")


def test_cm10_cf3_keys_alone_play_the_reserves_card_onto_a_column(app):
    """By keys (CM-10): the focus reaches the reserve, Enter selects its top card, the arrows move
    to a column and Enter places it there."""
    s = table("6H", "7D", "9S", "JS", reserve="QC 5C", waste="2D 8H", home="4C -- -- --", base="4")
    scene = open_scene(app, "canfield", state=s)
    key(app, pygame.K_DOWN)  # the focus appears
    for _ in range(8):
        if scene.cards.at[0] == RESERVE_PILE:
            break
        key(app, pygame.K_LEFT)
    assert scene.cards.at[0] == RESERVE_PILE
    key(app, pygame.K_RETURN)
    key(app, pygame.K_RIGHT)
    assert scene.cards.at[0] == TABLEAUS[0]
    key(app, pygame.K_RETURN)
    assert scene.session.state.tableau[0] == cards("6H 5C") and scene.session.state.reserve == cards("QC")


def test_cf6_a_deal_won_by_taps_in_the_real_app_with_260_on_the_win_panel(tmp_path):
    """The solver's line for a proved deal, played by taps: a card, then its place; the stock by a
    tap. Once the rest is certain the cards fly home by themselves (CM-5)."""
    from game.rules.base import MOVE
    from game.scenes.win_panel import WinPanel
    from game.solver.seeds import ready_deals

    number = ready_deals("canfield", {"draw": "3", "moves": "runs"}, 50_000)[0]
    line = solve_deal(GAME.solver, DealId.make("canfield", number), max_nodes=200_000).moves
    app = make_app(tmp_path)
    try:
        scene = open_scene(app, "canfield", number)
        for m in line:
            if GAME.rules.is_won(scene.session.state):
                break
            if m.kind != MOVE:
                click(app, center(scene, STOCK_PILE))
                continue
            cards_there, _ = GAME.rules.piles(scene.session.state)[m.src]
            click(app, center(scene, m.src, len(cards_there) - m.size))
            click(app, center(scene, m.dst))
        run(app, 600)
        state = scene.session.state
        assert GAME.rules.is_won(state) and GAME.rules.score(state) == 260
        assert scene.session.moves >= len(line) * 3 // 4  # the taps played the line, not a shortcut
        assert isinstance(app.stack.top, WinPanel)
        assert any(GAME.score_text(260) in text for text in app.stack.top.lines())
    finally:
        app.close()


# -- the record -------------------------------------------------------------------------------------


def test_cf1_the_table_fans_the_reserve_face_down_but_its_top_and_shows_every_card_once(app):
    scene = open_scene(app, "canfield", 3)
    s = scene.session.state
    shown = sorted(sp.card for sp in scene.view.sprites.items)
    assert shown == list(range(52))
    reserve = [sp for sp in scene.view.sprites.items if sp.pile == RESERVE_PILE]
    assert len(reserve) == 13 and [sp.face_up for sp in reserve].count(True) == 1
    piles = scene.view.layout.piles
    assert piles[RESERVE_PILE].x < piles[TABLEAUS[0]].x and piles[STOCK_PILE].y < piles[RESERVE_PILE].y
    assert s.base == GAME.rules.deal(DealId.make("canfield", 3)).base


def test_cf2_the_empty_foundations_show_the_base_rank_and_the_status_bar_the_reserve_and_base(app):
    s = table("5C", "7D", "9S", "JS", reserve="QC 3D", home="TC -- -- --", base="T")
    assert {GAME.labels(s)[f] for f in FOUNDATIONS[:4]} == {"10"}
    scene = open_scene(app, "canfield", state=s)
    _, parts, _ = table_status(scene.table)
    assert "Reserve 2" in parts and "Base 10" in parts and "Score 5" in parts


def test_the_options_read_as_words_on_the_tile_on_the_dialog_row_and_in_the_stars():
    assert GAME.option_name("moves") == "Runs"
    assert [GAME.option_text("moves", v, beside_name=True) for v in ("runs", "whole")] == ["Any part", "Whole"]
    assert [GAME.option_text("moves", v) for v in ("runs", "whole")] == ["Runs: any part", "Runs: whole"]
    assert GAME.stars({"draw": "3", "moves": "runs"}) == 4 and GAME.stars({"draw": "1", "moves": "runs"}) == 3


def test_cm14_the_rules_screen_explains_the_reserve_the_base_and_the_score(app):
    from game.scenes.rules import RulesScene

    parts = dict(RulesScene(app, "canfield", GAME.defaults()).sections())
    words = dict(parts["Glossary"])
    assert {"Reserve", "Foundation", "Column", "Stock", "Waste", "Run", "Redeal"} <= set(words)
    assert "base rank" in words["Foundation"] and "ace to the king" not in words["Foundation"]
    rules = dict(parts[""])
    assert "260" in rules["Score"] and "13" in rules["Layout"] and "base rank" in rules["Goal"]


# -- hints -------------------------------------------------------------------------------------------


def _hint(state, seen):
    return ask_hint("canfield", state, seen)


def test_cm7_the_hint_never_peeks_the_same_for_any_lie_of_the_unseen_cards():
    """Two positions that look the same — the reserve's face-down cards and the stock dealt
    otherwise — get the same hint, a legal move with its reason; with every card known, a proved
    line."""
    from game.games.canfield.hints import hidden_places
    from game.solver.sampling import arrangements

    _, s = start(DealId.make("canfield", 12))
    seen = GAME.rules.seen(s)
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and GAME.rules.seen(twin) == seen and twin.reserve[-1] == s.reserve[-1]
    a, b = _hint(s, seen), _hint(twin, seen)
    assert a == b and a.move in GAME.rules.legal_moves(s) and a.reason
    known = table("9D", "9C 8C", "", "", home="9S 9H 7C 8D", base="T")
    proved = _hint(known, frozenset(range(52)))
    assert proved.confidence == PROVEN and proved.move in GAME.rules.legal_moves(known)


def test_cm7_with_no_line_found_the_rule_of_thumb_plays_the_reserve_first():
    from game.games.canfield.hints import rule_of_thumb

    s = table("6H", "7D", "9S", "JS", reserve="QC 5C", waste="2D 8H", home="4S -- -- --", base="4")
    hint = rule_of_thumb(GAME.rules, s, GAME.rules.legal_moves(s))
    assert hint.move.src == RESERVE_PILE and "reserve" in hint.reason


# -- seeds and the demo --------------------------------------------------------------------------------


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"draw{o['draw']}-{o['moves']}")
def test_seeds_hold_200_proved_and_rated_deals_for_each_option_set(options):
    """Each list's first deals are won again by the solver (all cards known) within their budget."""
    rated = winnable_efforts("canfield", options)
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("canfield", options).name == f"canfield-draw{options['draw']}-moves{options['moves']}.txt"
    for number in sorted(rated, key=lambda n: rated[n].nodes)[:3]:  # the quickest three
        result = solve_deal(GAME.solver, DealId.make("canfield", number, options), max_nodes=2_000_000)
        assert result.status is Status.SOLVED


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: f"draw{o['draw']}-{o['moves']}")
def test_ui6_the_demo_wins_canfield(tmp_path, options):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "canfield", options)


# -- the screens every game is held to -------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui4_the_table_is_readable_and_fits(tmp_path, log, speak, size, language):  # noqa: F811
    from test_sizes import tables_are_readable_and_fit

    tables_are_readable_and_fit(tmp_path, log, speak, ["canfield"], size, language)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui9_large_print_and_left_handed_tables_fit_mirrored(tmp_path, size):
    """UI-9: every pile inside the window, none over another; the mirror puts the stock and the
    reserve at the right edge, the foundations and the columns to their left in their order."""
    from game.core.look import LARGE_PRINT, Look, set_look

    app = make_app(tmp_path, size=size)
    try:
        app.settings.look = Look(deck=LARGE_PRINT, left_handed=True)
        app.apply_look()
        scene = open_scene(app, "canfield", 11)
        draw(app)
        piles = scene.view.layout.piles
        for pile, r in piles.items():
            assert inside(r, size), pile
        tops = [p for p in piles if p not in (RESERVE_PILE, *TABLEAUS[:4])]
        for p in tops:
            for q in tops:
                if q != p:
                    a, b = piles[p], piles[q]
                    assert min(a.right, b.right) - max(a.x, b.x) <= 1 or min(a.bottom, b.bottom) - max(a.y, b.y) <= 1
        xs = [piles[p].x for p in TABLEAUS[:4]]
        assert xs == sorted(xs) and piles[STOCK_PILE].x > piles[WASTE_PILE].x
        assert piles[RESERVE_PILE].x > max(xs) and piles[STOCK_PILE].x > piles[FOUNDATIONS[0]].x
    finally:
        app.close()
        set_look(Look())


def test_ui5_a_kiosk_can_offer_canfield_alone_and_pin_its_options(tmp_path):
    """``games = ["canfield:draw=1"]``: the kiosk's home screen offers Canfield only, draw 1 with
    either way of moving runs."""
    from game.app import App
    from game.kiosk.config import parse_config
    from game.scenes.home import HomeScene
    from game.store import Store

    config, problems = parse_config('games = ["canfield:draw=1"]\npin = "2468"\n')
    assert not problems and config.offers("canfield") and not config.offers("golf")
    assert config.allowed_values("canfield", "draw", ("3", "1")) == ("1",)
    assert config.allowed_values("canfield", "moves", ("runs", "whole")) == ("runs", "whole")
    app = App(size=(800, 600), store=Store(tmp_path), kiosk=config)
    try:
        app.kiosk_attract()
        run(app, 2)
        app.kiosk_new_player()
        run(app, 2)
        home = app.stack.top
        assert isinstance(home, HomeScene)
        games = {b.action.variant for b in home.buttons if isinstance(b.action, ForGame) and b.action.what == "new"}
        assert games == {"canfield"}
    finally:
        app.close()
