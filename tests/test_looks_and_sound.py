"""UI-8 sound and UI-9 looks: every deck's cards whole and opaque at every size, the four-colour
deck's suits told apart by colour and shape, sounds that load (and silence when the mixer fails),
reduced motion, the left-handed layout, and settings that persist and apply to an open game."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.core.cards import RED, SUIT
from game.rules.base import STOCK_PILE, TABLEAUS, WASTE_PILE
from game.scenes.settings import SettingsPanel
from game.settings import Settings
from game.store import Store
from game.view.cards import FOUR_INKS, CardArt
from game.view.look import BACKS, DECKS, FOUR_COLOUR, LARGE_PRINT, Look, set_look
from game.view.sound import NAMES, Sounds, sound_for
from tests.scene_helpers import center, drag, make_app, open_scene, run

WIDTHS = (30, 60, 120, 300)


@pytest.fixture(autouse=True)
def classic_look():
    set_look(Look())
    yield
    set_look(Look())


def opaque_inside(surface: pygame.Surface, radius: int) -> list[tuple[int, int, int]]:
    """Pixels inside the card's rounded rectangle (one pixel in from its edge) that are not opaque."""
    w, h = surface.get_size()
    bad = []
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            inside_corner = (x < radius or x >= w - radius) and (y < radius or y >= h - radius)
            if inside_corner:
                cx = radius if x < radius else w - radius - 1
                cy = radius if y < radius else h - radius - 1
                if (x - cx) ** 2 + (y - cy) ** 2 > (radius - 1.5) ** 2:
                    continue
            a = surface.get_at((x, y)).a
            if a != 255:
                bad.append((x, y, a))
    return bad


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("width", WIDTHS)
def test_ui9_every_card_of_every_deck_has_its_index_whole_and_on_the_card(deck, width):
    """The rank's ink (a Q's tail too) lies inside its corner, and the corner inside the card."""
    set_look(Look(deck=deck))  # the fans follow the deck's index
    art = CardArt(width, round(width * 1.4), deck=deck)
    art.face(12)  # the king of spades: the letters' common bottom
    for card in range(52):
        face = art.face(card)
        assert face.get_size() == (art.w, art.h)
        glyph, corner, whole = art.index_boxes[card]
        assert corner.contains(glyph), (deck, width, card, glyph, corner)
        assert whole.contains(corner), (deck, width, card)
        # no letter reaches lower than a K's: where a fanned column shows a K whole, a Q keeps its tail
        assert glyph.bottom <= art.index_boxes[12][0].bottom + 1 if card % 13 != 12 else True, (deck, width, card)
    for back in BACKS:
        assert CardArt(width, round(width * 1.4), back=back).back().get_size() == (art.w, art.h)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("width", (30, 120))
def test_ui9_card_faces_and_backs_are_opaque(deck, width):
    """Nothing of the card beneath shows through: every pixel inside the rounded rectangle is
    opaque (smooth-scaling alone left them at alpha 253)."""
    for back in BACKS:
        art = CardArt(width, round(width * 1.4), deck=deck, back=back)
        for card in (0, 11, 25, 38, 51):
            assert not opaque_inside(art.face(card), art.radius)[:3]
        assert not opaque_inside(art.back(), art.radius)[:3]


def test_ui9_the_four_colour_deck_tells_suits_apart_by_colour_and_by_shape():
    colours = {FOUR_INKS[s] for s in range(4)}
    assert len(colours) == 4
    art = CardArt(120, 168, deck=FOUR_COLOUR)
    shapes = set()
    for card in (0, 13, 26, 39):  # the ace of each suit: its one large suit symbol
        face = art.face(card)
        ink = FOUR_INKS[SUIT[card]]
        mask = pygame.mask.from_threshold(face, ink, (60, 60, 60, 255))
        shapes.add(tuple(mask.get_bounding_rects()[0].size) + (mask.count() // 50,))
        assert mask.count() > 200  # drawn in its own colour
    assert len(shapes) == 4  # and each in its own shape
    classic = CardArt(120, 168)
    assert RED[26] and pygame.mask.from_threshold(classic.face(26), FOUR_INKS[2], (30, 30, 30, 255)).count() < 50


def test_ui9_the_large_print_deck_has_larger_indices_and_wider_fans():
    from game.view.layout import index_fraction, min_up_step

    small = index_fraction(60), min_up_step(60)
    set_look(Look(deck=LARGE_PRINT))
    large = index_fraction(60), min_up_step(60)
    assert large[0] > small[0] * 1.3 and large[1] > small[1]


def test_ui8_sounds_load_and_play_on_the_dummy_driver():
    sounds = Sounds(0.5)
    assert sounds.play("place") and sounds.loaded, sounds.problem
    assert set(NAMES) <= set(sounds._sounds or {})
    sounds.set_volume(0.0)
    assert not sounds.play("place")  # muted
    sounds.close()


def test_ui8_a_mixer_that_fails_leaves_the_game_silent_and_working(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    app = make_app(tmp_path)
    scene = open_scene(app, "klondike", 7)
    scene.play(scene.session.legal[0])
    run(app, 5)
    assert not app.sound.play("win") and "no audio device" in (app.sound.problem or "")
    assert scene.session.moves == 1
    app.close()


def test_ui8_what_each_change_sounds_like():
    from game.rules.base import FOUNDATIONS, Moved, SuitCompleted

    home = Moved(TABLEAUS[0], FOUNDATIONS[0], (1,))
    assert sound_for([home], False, False) == "foundation"
    assert sound_for([home], True, False) == "collect"
    assert sound_for([home], False, True) == "win"
    assert sound_for([SuitCompleted(TABLEAUS[0], 0, (1,) * 13)], False, False) == "suit"
    assert sound_for([], False, False) is None


def test_ui8_the_m_key_mutes_and_the_demo_is_silent(tmp_path):
    from game.play.demo import Show
    from game.scenes.demo import DemoScene

    app = make_app(tmp_path)
    scene = open_scene(app, "klondike", 7)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0))
    run(app, 2)
    assert not app.settings.sound and app.sound.volume == 0 and scene.table.toast[0] == "Sound off"
    app.store.flush()  # settings are written off the frame (UI-11)
    assert Settings.load(Store(tmp_path)).sound is False  # saved
    assert scene.sound_on() and not DemoScene(app, iter([Show("golf")])).sound_on()
    app.close()


def test_ui9_reduced_motion_puts_a_moved_card_in_place_at_once_and_outlines_it(tmp_path):
    app = make_app(tmp_path, animation="normal")
    app.settings.look = Look(reduced_motion=True)
    app.apply_look()
    scene = open_scene(app, "klondike", 7)
    before = scene.session.moves
    scene.action("deal")  # the stock turns: a card goes to the waste
    assert scene.session.moves == before + 1
    sprite = scene.view.pile_sprites(WASTE_PILE)[-1]
    assert sprite.tween is None and sprite.flip_start is None  # no flight, no turn: already there
    assert sprite.glowing(scene.table.now)  # where it went is shown
    run(app, 2)
    assert scene.view.sprites.at(WASTE_PILE, 0).position(scene.table.now) == (sprite.rect.x, sprite.rect.y)
    run(app, 40)
    assert not scene.view.sprites.busy(scene.table.now)  # the outline fades within half a second
    app.close()


def test_ui9_the_left_handed_layout_mirrors_the_stock(tmp_path):
    app = make_app(tmp_path)
    scene = open_scene(app, "klondike", 7)
    right_handed = scene.view.layout.piles[STOCK_PILE].x
    assert right_handed < scene.view.layout.piles[TABLEAUS[3]].x
    app.settings.look = Look(left_handed=True)
    app.apply_look()
    run(app, 2)
    piles = scene.view.layout.piles
    assert piles[STOCK_PILE].x > piles[TABLEAUS[3]].x and piles[WASTE_PILE].x > piles[STOCK_PILE].x
    assert center(scene, TABLEAUS[0])  # the cards follow the new places
    for variant in ("spider", "golf"):
        other = open_scene(app, variant, 3)
        assert other.view.layout.piles[STOCK_PILE].x > app.window_size()[0] * 0.3, variant
    app.close()


def test_ui9_settings_persist_and_apply_to_an_open_game(tmp_path):
    app = make_app(tmp_path)
    scene = open_scene(app, "spider", 3)
    app.push(SettingsPanel(app, scene))
    panel = app.stack.top
    panel.act("tab=look")
    assert any(b.action == "deck=four-colour" for b in panel.buttons)
    panel.act("deck=four-colour")
    panel.act("table=dark")
    panel.act("back=red")
    assert scene.view.art.deck == FOUR_COLOUR and scene.view.art.back_name == "red"  # at once, under the panel
    panel.act("tab=access")
    panel.act("hand=left")
    panel.act("motion=reduced")
    assert scene.view.sprites.reduced
    panel.act("tab=sound")
    panel.act("volume=low")
    app.close()
    saved = Settings.load(Store(tmp_path))
    assert saved.look == Look(deck=FOUR_COLOUR, table="dark", back="red", reduced_motion=True, left_handed=True)
    assert saved.volume == "low"
    app = make_app(tmp_path)
    assert app.settings.look.deck == FOUR_COLOUR
    from game.view.look import look

    assert look() == saved.look  # the next start looks the same
    app.close()


def test_ui9_unknown_look_settings_fall_back_to_the_defaults(tmp_path):
    store = Store(tmp_path)
    store.write("settings", {"version": 1, "look": {"deck": "tarot", "table": 5, "left_handed": "yes"}})
    assert Settings.load(store).look == Look()
    assert dataclasses.replace(Look(), back="purple").checked().back == "blue"


def test_ui9_a_drag_still_works_in_every_look(tmp_path):
    app = make_app(tmp_path)
    app.settings.look = Look(deck=LARGE_PRINT, left_handed=True, reduced_motion=True)
    app.apply_look()
    scene = open_scene(app, "klondike", 7)
    move = next(m for m in scene.session.legal if m.src.kind == "tableau" and m.dst.kind == "tableau")
    drag(app, center(scene, move.src, scene.session.rules.piles(scene.state)[move.src][1]), center(scene, move.dst))
    assert scene.session.moves == 1
    app.close()


@pytest.mark.parametrize("reduced", [False, True])
def test_ui9_a_win_is_celebrated_then_the_win_panel_and_a_key_skips_it(tmp_path, reduced):
    from game.rules.klondike import Klondike
    from game.scenes.celebration import CelebrationScene
    from game.scenes.panels import WinPanel

    tops = ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD", "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC")  # fmt: skip
    text = "variant: klondike\noptions: draw=1 redeals=unlimited\nscore: 0\nrecycles: 0\nstock:\nwaste:\n"
    text += "".join(f"foundation{i + 1}: {t}\n" for i, t in enumerate(tops)) + "tableau1: KC\n"
    text += "".join(f"tableau{i}:\n" for i in range(2, 8))
    for skip in (False, True):
        app = make_app(tmp_path, animation="normal")
        app.settings.look = Look(reduced_motion=reduced)
        app.apply_look()
        scene = open_scene(app, "klondike", 7, state=Klondike().parse(text))
        scene.action("deal")  # nothing to deal; then the last king goes home
        drag(app, center(scene, TABLEAUS[0], 0), center(scene, scene.session.legal[0].dst))
        run(app, 40)
        celebration = app.stack.top
        assert isinstance(celebration, CelebrationScene) and celebration.calm == reduced
        if skip:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0))
            run(app, 2)
        else:
            if not reduced:
                run(app, 30)
                assert celebration.flying  # cards in the air
            run(app, 6 * 60)
        assert isinstance(app.stack.top, WinPanel), type(app.stack.top)
        app.close()
