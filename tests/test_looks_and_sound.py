"""UI-8 sound and UI-9 looks: every deck's cards whole and opaque at every size, the four-colour
deck's suits told apart by colour and shape, sounds that load (and silence when the mixer fails),
reduced motion, the left-handed layout, and settings that persist and apply to an open game."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest

from game.core.cards import RED, SUIT
from game.core.look import BACKS, DECKS, FOUR_COLOUR, LARGE_PRINT, Look, set_look
from game.rules.pile import CELLS, FOUNDATIONS, STOCK_PILE, TABLEAUS, WASTE_PILE
from game.scenes.settings import SettingsPanel
from game.settings import Settings
from game.store import Store
from game.view.acts import Choose
from game.view.cards import FOUR_INKS, CardArt
from game.view.sound import NAMES, Sounds, sound_for
from tests.scene_helpers import center, drag, key, make_app, open_scene, run

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


def separated(a: pygame.Rect, b: pygame.Rect, gap: int) -> bool:
    """Whether two boxes have at least ``gap`` pixels of paper between them, across or down."""
    return a.right + gap <= b.left or b.right + gap <= a.left or a.bottom + gap <= b.top or b.bottom + gap <= a.top


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("width", WIDTHS + (41, 47))
def test_ui9_no_index_touches_its_suit_or_the_middle_on_any_card(deck, width):
    """UI-9, nothing touching, measured on the drawn ink: each corner index (a 10's two digits
    included) ends where the layout's fans stop covering it, its suit beside it and the suit in the
    other corner have paper between them, and the middle (pips, the large suit, a court panel) has
    paper above and below it, clear of both indices. The 480x320 tables have cards 35-47 px wide."""
    from game.view.cards import SS
    from game.view.layout import index_fraction, min_up_step

    set_look(Look(deck=deck))  # the fans follow the deck's index
    art = CardArt(width, round(width * 1.4), deck=deck)
    index = art.corner_index()
    band = index_fraction(art.w) * art.h * SS
    assert index.bottom <= band + 0.5 and band < min_up_step(art.w) * art.h * SS  # a line of paper below it
    for card in range(52):
        art.face(card)
        top, middle, strip = art.boxes[card]
        inks = [top.rank, top.suit] + ([top.corner_suit] if top.corner_suit else [])
        for k, a in enumerate(inks):
            assert a.top >= 0 and a.bottom <= index.bottom and a.left >= 0 and a.right <= art.w * SS, (card, a)
            for b in inks[k + 1 :]:
                assert separated(a, b, 2 * SS), (deck, width, card, a, b)  # at least a clear pixel
        # the ink really lies in those boxes: the index drawn alone leaves nothing outside them
        corner = pygame.Surface((art.w * SS, strip), pygame.SRCALPHA)
        label = "10" if card % 13 == 9 else "A23456789TJQK"[card % 13]
        drawn = index.draw(corner, label, SUIT[card], (0, 0, 0))
        mask = pygame.mask.from_surface(corner)
        inside = sum(pygame.mask.Mask(b.size, fill=True).overlap_area(mask, (-b.x, -b.y)) for b in inks)
        assert drawn == top and mask.count() == inside > 0, (deck, width, card)
        if middle.w:  # the middle between the two indices, with paper on either side
            assert middle.top >= index.bottom + 2 * SS and middle.bottom <= art.h * SS - index.bottom - 2 * SS
    for back in BACKS:
        assert CardArt(width, round(width * 1.4), back=back).back().get_size() == (art.w, art.h)


@pytest.mark.parametrize("width", WIDTHS + (41, 47))
def test_ui9_the_large_print_index_is_larger_and_its_ten_fits(width):
    """UI-9: the large-print deck's rank is clearly taller than the classic deck's on a card of
    the same size, and a 10 stays readable beside its suit (condensed, never overlapping it)."""
    classic = CardArt(width, round(width * 1.4), deck=DECKS[0]).corner_index()
    large = CardArt(width, round(width * 1.4), deck=LARGE_PRINT).corner_index()
    assert large.cap >= classic.cap * 1.2, (large.cap, classic.cap)
    art = CardArt(width, round(width * 1.4), deck=LARGE_PRINT)
    art.face(9)  # the 10 of spades
    ten = art.boxes[9].top_index.rank
    assert ten.w >= ten.h * 0.9  # two digits, still wide enough to read as two


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
    from game.rules.base import Moved, SuitCompleted
    from game.rules.pile import FOUNDATIONS

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


def test_ui9_the_left_handed_table_mirrors_the_stock_and_the_keys_follow_it(tmp_path):
    """UI-9: switched on over an open game, the stock and waste go to the right edge and the
    foundations to the left; the columns keep their order; the cards follow; and the arrow keys
    walk the mirrored top row as it is drawn (right goes right)."""
    app = make_app(tmp_path)
    scene = open_scene(app, "klondike", 7)
    w = app.window_size()[0]
    right_handed = dict(scene.view.layout.piles)
    assert right_handed[STOCK_PILE].x < right_handed[TABLEAUS[3]].x
    app.settings.look = Look(left_handed=True)
    app.apply_look()
    run(app, 2)
    piles = scene.view.layout.piles
    assert piles[STOCK_PILE].x > piles[WASTE_PILE].x > piles[TABLEAUS[3]].x > piles[FOUNDATIONS[3]].x
    assert max(piles[f].right for f in FOUNDATIONS[:4]) < piles[WASTE_PILE].x
    assert abs(piles[STOCK_PILE].x - (w - right_handed[STOCK_PILE].right)) <= 1
    assert [piles[t].x for t in TABLEAUS[:7]] == sorted(piles[t].x for t in TABLEAUS[:7])
    assert center(scene, TABLEAUS[0])  # the cards follow the new places
    scene.cards.at = (FOUNDATIONS[3], -1)  # the leftmost pile of the top row now
    walked = []
    for _ in range(5):
        key(app, pygame.K_RIGHT)
        walked.append(scene.cards.at[0])
    assert walked == [FOUNDATIONS[2], FOUNDATIONS[1], FOUNDATIONS[0], WASTE_PILE, STOCK_PILE]
    for variant in ("spider", "golf", "pyramid", "freecell"):
        other = open_scene(app, variant, 3)
        stock = other.view.layout.piles.get(STOCK_PILE) or other.view.layout.piles[CELLS[0]]
        assert stock.x > w * 0.5, variant
    app.close()


def test_sp12_a_long_yukon_column_at_480x320_shows_every_face_up_index(tmp_path):
    """SP-12 in Yukon: a K-to-A run at 480x320 shows each card's whole index, as the card art draws
    it: the visible strip of every face-up card is at least the drawn index's height (a J read I)."""
    from game.games.yukon.rules import Yukon
    from game.view.cards import SS

    run13 = "KS QH JC TD 9S 8H 7C 6D 5S 4H 3C 2D AS"
    rest = [c for c in (r + s for s in "SHDC" for r in "A23456789TJQK") if c not in run13.split()]
    text = "variant: yukon\noptions:\n" + "".join(f"foundation{i}:\n" for i in range(1, 5))
    text += f"tableau1: #{rest[0]} #{rest[1]} {run13}\n"
    text += "".join(f"tableau{i + 2}: {' '.join(rest[2 + i * 6 : 8 + i * 6 + (i == 5)])}\n" for i in range(6))
    app = make_app(tmp_path, size=(480, 320))
    scene = open_scene(app, "yukon", 3, state=Yukon().parse(text))
    app.draw()
    index_px = scene.view.art.corner_index().bottom / SS
    sprites = scene.view.pile_sprites(TABLEAUS[0])
    assert len(sprites) == 15
    for below, above in itertools.pairwise(sprites[2:]):
        assert above.rect.y - below.rect.y >= index_px, (below.card, above.rect.y - below.rect.y, index_px)
    assert sprites[-1].rect.bottom <= scene.view.layout.toolbar.y
    app.close()


def test_ui9_settings_persist_and_apply_to_an_open_game(tmp_path):
    app = make_app(tmp_path)
    scene = open_scene(app, "spider", 3)
    app.push(SettingsPanel(app, scene))
    panel = app.stack.top
    panel.act(Choose("section", "look"))
    assert any(b.action == Choose("deck", "four-colour") for b in panel.buttons)
    panel.act(Choose("deck", "four-colour"))
    panel.act(Choose("table", "dark"))
    panel.act(Choose("back", "red"))
    assert scene.view.art.deck == FOUR_COLOUR and scene.view.art.back_name == "red"  # at once, under the panel
    panel.act(Choose("section", "access"))
    panel.act(Choose("hand", "left"))
    panel.act(Choose("motion", "reduced"))
    assert scene.view.sprites.reduced
    panel.act(Choose("section", "sound"))
    panel.act(Choose("volume", "low"))
    app.close()
    saved = Settings.load(Store(tmp_path))
    assert saved.look == Look(deck=FOUR_COLOUR, table="dark", back="red", reduced_motion=True, left_handed=True)
    assert saved.volume == "low"
    app = make_app(tmp_path)
    assert app.settings.look.deck == FOUR_COLOUR
    from game.core.look import look

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
    from game.games.klondike.rules import Klondike
    from game.scenes.celebration import CelebrationScene
    from game.scenes.win_panel import WinPanel

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


class RecordingSurface(pygame.Surface):
    """A surface that notes where each image was blitted (what a panel drew, and where)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[tuple[pygame.Surface, tuple[float, float]]] = []

    def blit(self, source, dest, *args, **kwargs):
        self.drawn.append((source, tuple(dest)[:2]))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("size", [(480, 320), (800, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_sp11_the_segment_panel_shows_every_face_up_index_whole_in_every_deck(tmp_path, deck, size):
    """SP-11 and UI-9: the segment panel enlarges a column so that every face-up card's rank and
    suit read — each card's step at least its corner index as drawn, the large print's included."""
    from game.games.spider.rules import SpiderState
    from game.scenes.segment import SegmentPanel
    from game.view.cards import SS
    from tests.helpers import cards, columns
    from tests.scene_helpers import right_click

    run13 = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH"
    tableau, down = columns("#5D #5C " + run13, *(["KC"] * 9))
    app = make_app(tmp_path, size=size)
    app.settings.look = Look(deck=deck)
    app.apply_look()
    scene = open_scene(app, "spider", state=SpiderState(tableau, down, cards("AD " * 10), (), 2))
    right_click(app, center(scene, TABLEAUS[0], 14))
    panel = app.stack.top
    assert isinstance(panel, SegmentPanel)
    surface = RecordingSurface(app.window_size())
    panel.draw_column(surface)
    art = panel.art
    assert art is not None
    ys = [pos[1] for image, pos in surface.drawn if image.get_size() == (art.w, art.h)]
    assert len(ys) == 13
    index_px = art.corner_index().bottom / SS
    assert min(b - a for a, b in itertools.pairwise(ys)) >= index_px, (ys, index_px)
    app.close()
