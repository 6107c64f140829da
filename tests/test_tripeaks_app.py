"""TriPeaks in the window (TP-1 ... TP-5), driven by real pygame events: taps that play and taps that
say why not, the stock, a whole deal won by taps with its score on the win panel; its record (the
lattice the table draws, the option's words, the Rules screen), its hints (never peeking), its seeds
and its demo; and the screens the other games are held to, at every size, in every language."""

from __future__ import annotations

import pygame
import pytest
from helpers import ask_hint, cards
from scene_helpers import center, click, finger, key, make_app, open_scene, run
from test_sizes import LANGUAGES, SIZES, check_text, draw, inside, log, speak  # noqa: F401 (fixtures)
from test_tripeaks import GONE_ROWS, bottom, peaks

from game.core.cards import NO_CARD
from game.core.dealid import DealId
from game.games.index import game_for
from game.games.tripeaks.rules import COVERED_BY, PEAK_PLACES, face_up
from game.hints.base import PROVEN
from game.play.status import table_status
from game.rules.base import DRAW_MOVE
from game.rules.pile import STOCK_PILE, WASTE_PILE
from game.rules.registry import start
from game.scenes.panels import GameOverPanel
from game.scenes.win_panel import WinPanel
from game.solver.api import solve_deal
from game.solver.engine import Status
from game.solver.seeds import ready_deals, seeds_path, winnable_efforts
from game.view.acts import ForGame

GAME = game_for("tripeaks")


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


# -- taps --------------------------------------------------------------------------------------------


def test_tp2_a_tap_plays_an_uncovered_card_and_a_covered_one_says_why_not(app):
    s = peaks(*GONE_ROWS[:2], "4S -- -- -- -- -- -- -- --", "6C QH -- -- -- -- -- -- -- --")
    scene = open_scene(app, "tripeaks", state=s)
    click(app, center(scene, PEAK_PLACES[9], 0))  # 4♠, face down under Q♥
    assert scene.session.moves == 0 and "covered" in scene.table.toast[0]
    click(app, center(scene, PEAK_PLACES[19], 0))  # Q♥ onto 5♦
    assert scene.session.moves == 0 and "not one rank" in scene.table.toast[0]
    click(app, center(scene, WASTE_PILE))
    assert scene.session.moves == 0 and "waste card" in scene.table.toast[0]
    click(app, center(scene, PEAK_PLACES[18], 0))  # 6♣ onto 5♦
    assert scene.session.state.waste == cards("5D 6C") and scene.session.state.chain == 1


def test_tp3_a_tap_or_a_finger_on_the_stock_turns_it_and_tp5_an_empty_stock_with_no_move_ends(app):
    scene = open_scene(app, "tripeaks", state=bottom("9S -- -- -- -- -- -- -- -- --", stock="2H", waste="5D"))
    finger(app, pygame.FINGERDOWN, center(scene, STOCK_PILE))
    finger(app, pygame.FINGERUP, center(scene, STOCK_PILE))
    run(app, 30)
    assert scene.session.state.waste == cards("5D 2H") and not scene.session.state.stock
    assert isinstance(app.stack.top, GameOverPanel)


def test_tp2_a_double_tap_and_a_drag_to_the_waste_play_the_card_too(app):
    from scene_helpers import drag

    scene = open_scene(app, "tripeaks", state=bottom("6C 7H -- -- -- -- -- -- -- --", waste="5D", stock="KS"))
    pos = center(scene, PEAK_PLACES[18], 0)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        run(app, 2)
    run(app, 30)
    assert scene.session.state.waste == cards("5D 6C")  # one card, not two
    drag(app, center(scene, PEAK_PLACES[19], 0), center(scene, WASTE_PILE))
    run(app, 30)
    assert scene.session.state.waste == cards("5D 6C 7H")


def test_cm10_tp2_keys_alone_walk_the_peaks_play_a_card_and_turn_the_stock(app):
    """TP-2 by keys (CM-10): the arrows move the focus from card to card, Enter plays the focused
    card, and on the stock Enter turns it."""
    scene = open_scene(app, "tripeaks", state=bottom("6C 9S -- -- -- -- -- -- -- --", stock="2H"))
    key(app, pygame.K_DOWN)  # the focus appears (on the stock)
    assert scene.cards.shown
    key(app, pygame.K_UP)  # up to the peaks' bottom row
    assert scene.cards.at[0] in PEAK_PLACES[18:]
    for _ in range(12):  # left along it to 6♣, its first card
        if scene.cards.at[0] == PEAK_PLACES[18]:
            break
        key(app, pygame.K_LEFT)
    assert scene.cards.at[0] == PEAK_PLACES[18]
    key(app, pygame.K_RETURN)  # 6♣ onto 5♦
    assert scene.session.state.waste == cards("5D 6C") and scene.session.moves == 1
    key(app, pygame.K_DOWN)  # down from the bottom row to the stock and the waste
    for _ in range(3):
        if scene.cards.at[0] == STOCK_PILE:
            break
        key(app, pygame.K_LEFT)
    assert scene.cards.at[0] == STOCK_PILE
    key(app, pygame.K_RETURN)  # turns 2♥
    assert scene.session.state.waste == cards("5D 6C 2H") and not scene.session.state.stock


def test_cm10_tp2_the_keys_pass_over_played_places_and_face_down_cards(app):
    """CM-10 on the peaks: a place whose card was played, or whose card is face down, is no stop
    for the arrows (they walked over every one of the 28 places, so two cards left in the bottom row
    were nine presses apart)."""
    s = peaks(*GONE_ROWS[:2], "4S -- -- -- -- -- -- -- --", "6C QH -- -- -- -- -- -- -- 9S")
    scene = open_scene(app, "tripeaks", state=s)
    key(app, pygame.K_DOWN)  # the focus appears (on the stock)
    key(app, pygame.K_UP)  # up to the nearest card left in the bottom row
    assert scene.cards.at[0] in (PEAK_PLACES[18], PEAK_PLACES[19], PEAK_PLACES[27])
    while scene.cards.at[0] != PEAK_PLACES[27]:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)  # past 9♠, the last card: it stays there (no wrapping round, CM-10)
    assert scene.cards.at[0] == PEAK_PLACES[27]
    key(app, pygame.K_LEFT)  # and to Q♥ in one press, over the seven played places
    assert scene.cards.at[0] == PEAK_PLACES[19]
    key(app, pygame.K_LEFT)
    assert scene.cards.at[0] == PEAK_PLACES[18]
    key(app, pygame.K_LEFT)  # the first card: it stays
    assert scene.cards.at[0] == PEAK_PLACES[18]
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_UP)  # 4♠ above is face down, and every row above it played: no stop
    assert scene.cards.at[0] == PEAK_PLACES[19]


def test_tp5_a_deal_won_by_taps_in_the_real_app_with_tp4s_score_on_the_win_panel(tmp_path):
    """The solver's line for a proved deal, played by clicks on the cards and the stock."""
    number = ready_deals("tripeaks", {"wrap": "on"}, 50_000)[0]
    deal_id = DealId.make("tripeaks", number)
    line = solve_deal(GAME.solver, deal_id, max_nodes=200_000).moves
    app = make_app(tmp_path)
    scene = open_scene(app, "tripeaks", number)
    toasts, spoken = [], []
    say = app.speech.say
    app.speech.say = lambda text, interrupt=True: (spoken.append((text, interrupt)), say(text, interrupt))[1]
    for m in line:
        assert not isinstance(app.stack.top, WinPanel)
        click(app, center(scene, STOCK_PILE) if m == DRAW_MOVE else center(scene, m.src, 0))
        toasts.append(scene.table.toast[0] if scene.table.toast else "")
    assert "Peak cleared: +15" in toasts and toasts[-1] == "Last peak cleared: +30"  # TP-4, shown
    bonus = spoken.index(("Peak cleared: +15", False))  # and said after the card played, not over it
    assert spoken[bonus - 1][1] and "waste" in spoken[bonus - 1][0]
    assert spoken.count(("Peak cleared: +15", True)) == 0
    state = scene.session.state
    assert GAME.rules.is_won(state) and scene.session.moves == len(line)
    assert state.score >= 28 + 15 + 15 + 30  # a card scores at least 1, and the three peaks' bonuses
    run(app, 120)
    assert isinstance(app.stack.top, WinPanel)
    assert any(GAME.score_text(state.score) in line for line in app.stack.top.lines())
    breakdown = f"chains {state.score - 60} + peaks 60"  # TP-4's parts on the panel, as Klondike's are
    assert any(breakdown in line for line in app.stack.top.lines()), app.stack.top.lines()
    app.close()


# -- the record -------------------------------------------------------------------------------------


def test_tp1_the_table_draws_the_rules_lattice_each_card_half_over_the_two_below(app):
    """TP-1: each covered card's place is half a card above its two covering cards and half a card
    wide of each; the stock and the waste lie below the peaks."""
    scene = open_scene(app, "tripeaks", 1)
    layout = scene.view.layout
    piles = layout.piles
    step = piles[PEAK_PLACES[19]].x - piles[PEAK_PLACES[18]].x  # a card and its gap
    for k, below in enumerate(COVERED_BY):
        for j in below:
            a, b = piles[PEAK_PLACES[k]], piles[PEAK_PLACES[j]]
            assert abs(b.y - a.y - layout.card_h / 2) < 1 and abs(abs(b.x - a.x) - step / 2) < 1, (k, j)
    lowest = max(piles[p].bottom for p in PEAK_PLACES)
    assert piles[STOCK_PILE].y > lowest and piles[WASTE_PILE].y > lowest


def test_tp2_covered_cards_are_shaded_and_face_down_until_free(app):
    _, s = start(DealId.make("tripeaks", 1))
    assert GAME.blocked(s) == frozenset(PEAK_PLACES[:18])
    scene = open_scene(app, "tripeaks", 1)
    faces = {sp.pile: sp.face_up for sp in scene.view.sprites.items if sp.pile in PEAK_PLACES}
    assert [faces[p] for p in PEAK_PLACES] == [face_up(s.peaks, k) for k in range(28)]


def test_tp4_the_status_bar_shows_the_score_the_cards_left_the_stock_and_the_chain(app):
    scene = open_scene(app, "tripeaks", state=bottom("6C 7H -- -- -- -- -- -- -- --", waste="5D", stock="KS"))
    click(app, center(scene, PEAK_PLACES[18], 0))
    _, parts, _ = table_status(scene.table)
    assert "Score 1" in parts and "Cards left 1" in parts and "Stock 1" in parts and "Chain 1" in parts


def test_the_option_reads_as_words_on_the_tile_on_the_dialog_row_and_in_the_stars():
    assert GAME.option_name("wrap") == "K and A connect"
    assert [GAME.option_text("wrap", v, beside_name=True) for v in ("on", "off")] == ["On", "Off"]
    assert [GAME.option_text("wrap", v) for v in ("on", "off")] == ["K–A on", "K–A off"]
    assert GAME.stars({"wrap": "on"}) == 2 and GAME.stars({"wrap": "off"}) == 3


def test_cm14_the_rules_screen_explains_peaks_chains_and_the_score(app):
    from game.scenes.rules import RulesScene

    parts = dict(RulesScene(app, "tripeaks", GAME.defaults()).sections())
    words = dict(parts["Glossary"])
    assert {"Peak", "Chain", "Stock", "Waste"} <= set(words) and "Column" not in words
    rules = dict(parts[""])
    assert "15" in rules["Score"] and "30" in rules["Score"] and "28" in rules["Goal"]


# -- hints -------------------------------------------------------------------------------------------


def _hint(state, seen):
    return ask_hint("tripeaks", state, seen)


def test_cm7_the_hint_never_peeks_the_same_for_any_lie_of_the_unseen_cards():
    """Two positions that look the same — the face-down cards and the stock dealt otherwise — get
    the same hint, a legal move with its reason and share; with every card known, a proved line."""
    from game.games.tripeaks.hints import hidden_places
    from game.solver.sampling import arrangements

    _, s = start(DealId.make("tripeaks", 12))
    seen = GAME.rules.seen(s)
    twin = arrangements(s, hidden_places(s, seen), 1)[0]
    assert twin != s and GAME.rules.seen(twin) == seen
    a, b = _hint(s, seen), _hint(twin, seen)
    assert a == b and a.move in GAME.rules.legal_moves(s) and a.reason
    known = bottom("6C 7H 8S -- -- -- -- -- -- --", stock="2D 9D", waste="5D")
    proved = _hint(known, frozenset(range(52)))
    assert proved.confidence == PROVEN and proved.move in GAME.rules.legal_moves(known) and "win" in proved.reason


def test_cm7_with_no_line_found_the_rule_of_thumb_turns_up_a_card_first():
    from game.games.tripeaks.hints import rule_of_thumb

    s = peaks(*GONE_ROWS[:2], "4S -- -- -- -- -- -- -- --", "6C 7H -- -- -- -- -- -- 4D --")
    s, _ = GAME.rules.apply(s, GAME.rules.legal_moves(s)[0])  # 6C
    hint = rule_of_thumb(GAME.rules, s, GAME.rules.legal_moves(s))
    assert hint.move.src == PEAK_PLACES[19] and "face-down" in hint.reason


# -- seeds and the demo --------------------------------------------------------------------------------


@pytest.mark.parametrize("wrap", ["on", "off"])
def test_seeds_hold_200_proved_and_rated_deals_for_each_option(wrap):
    """Each list's first deals are won again by the solver (all cards known) within their budget."""
    rated = winnable_efforts("tripeaks", {"wrap": wrap})
    assert len(rated) >= 200 and all(e is not None for e in rated.values())
    assert seeds_path("tripeaks", {"wrap": wrap}).name == f"tripeaks-wrap{wrap}.txt"
    for number in list(rated)[:5]:
        result = solve_deal(GAME.solver, DealId.make("tripeaks", number, {"wrap": wrap}), max_nodes=500_000)
        assert result.status is Status.SOLVED


@pytest.mark.parametrize("wrap", ["on", "off"])
def test_ui6_the_demo_wins_tripeaks(tmp_path, wrap):
    from test_demo import test_ui6_the_demo_wins_every_game_with_legal_moves as demo_wins

    demo_wins(tmp_path, "tripeaks", {"wrap": wrap})


# -- the screens every game is held to -------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui4_the_table_is_readable_and_fits(tmp_path, log, speak, size, language):  # noqa: F811
    from test_sizes import tables_are_readable_and_fit

    tables_are_readable_and_fit(tmp_path, log, speak, ["tripeaks"], size, language)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui9_large_print_and_left_handed_tables_fit_with_only_the_peaks_overlapping(tmp_path, size):
    """UI-9: every pile inside the window; only places of the peaks overlap (by design); the peaks
    keep their order, the stock and waste mirrored to the right."""
    from game.core.look import LARGE_PRINT, Look, set_look

    app = make_app(tmp_path, size=size)
    try:
        app.settings.look = Look(deck=LARGE_PRINT, left_handed=True)
        app.apply_look()
        scene = open_scene(app, "tripeaks", 11)
        draw(app)
        piles = scene.view.layout.piles
        for pile, r in piles.items():
            assert inside(r, size), pile
        others = [p for p in piles if p not in PEAK_PLACES]
        for p in others:
            for q in piles:
                if q != p:
                    a, b = piles[p], piles[q]
                    assert min(a.right, b.right) - max(a.x, b.x) <= 1 or min(a.bottom, b.bottom) - max(a.y, b.y) <= 1
        xs = [piles[p].x for p in PEAK_PLACES[18:]]
        assert xs == sorted(xs) and piles[STOCK_PILE].x > piles[WASTE_PILE].x
    finally:
        app.close()
        set_look(Look())


def test_every_tripeaks_card_is_dealt_once_on_the_table(app):
    scene = open_scene(app, "tripeaks", 3)
    shown = sorted(sp.card for sp in scene.view.sprites.items)
    assert shown == list(range(52))
    assert NO_CARD not in scene.session.state.peaks


def test_ui5_a_kiosk_can_offer_tripeaks_alone_and_pin_its_option(tmp_path):
    """``games = ["tripeaks:wrap=off"]``: the kiosk's home screen offers TriPeaks only, with K–A off."""
    from game.app import App
    from game.kiosk.config import parse_config
    from game.scenes.home import HomeScene
    from game.store import Store

    config, problems = parse_config('games = ["tripeaks:wrap=off"]\npin = "2468"\n')
    assert not problems and config.offers("tripeaks") and not config.offers("golf")
    assert config.allowed_values("tripeaks", "wrap", ("on", "off")) == ("off",)
    app = App(size=(800, 600), store=Store(tmp_path), kiosk=config)
    try:
        app.kiosk_attract()
        run(app, 2)
        app.kiosk_new_player()
        run(app, 2)
        home = app.stack.top
        assert isinstance(home, HomeScene)
        games = {b.action.variant for b in home.buttons if isinstance(b.action, ForGame) and b.action.what == "new"}
        assert games == {"tripeaks"}
    finally:
        app.close()
