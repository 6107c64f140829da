"""A game's tile on the home screen: its heading — the name, the stars, a saved game's options
and moves, the one-line description — drawn within the tile's box."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

import pygame

from game.core.i18n import tr
from game.deals import stars_text
from game.games.index import Game, game_for
from game.scenes.controls import Control, button_control
from game.scenes.home_grid import Grid, tile_height
from game.session import Session
from game.view import fonts
from game.view.acts import NEXT_MARK, Act, Choose, Cycle, ForGame, Turn
from game.view.layout import Rect
from game.view.widgets import NOTE_BREAK, TEXT, Button, button_row, label_room, row_fits

PAGE = "page"  # the home screen's pages, turned by its arrows (``Turn(PAGE, step)``)


def tile_game(action: Act) -> str:
    """The game whose tile (or line of the list) a button is on: "" for the bar's and the page arrows."""
    if isinstance(action, ForGame):
        return action.variant
    if isinstance(action, Choose | Cycle):
        return action.variant
    return ""


def on_tile_or_page(action: Act) -> bool:
    """A button among the games (a tile's, a list's line, a page arrow): not one of the bar's."""
    return bool(tile_game(action)) or (isinstance(action, Turn) and action.what == PAGE)


STAR = (240, 200, 90)
BLURB_SIZE = 12  # px: the tiles' one-line description
BLURB_LINE = 0.45  # its line's height, in touch sizes
NOTE = (200, 225, 210)  # a tile's blurb and its saved game's options and moves


def tile_focus(buttons: Sequence[Button], name: str, otherwise: int) -> int:
    """The first of the game ``name``'s actions (Continue, else New game) among ``buttons``: where
    the focus goes back to from that game; ``otherwise`` where it has none."""
    for k, button in enumerate(buttons):
        if isinstance(button.action, ForGame) and button.action.variant == name:
            return k
    return otherwise


@dataclass
class Tile:
    variant: str
    box: Rect
    preview: Rect


def tile_beside(tiles: Sequence[Tile], buttons: Sequence[Button], focus: int, dx: int) -> int | None:
    """An arrow sideways from a tile's button with nothing beside it in its row (CM-18: the tiles'
    rows of option chips do not line up where one game has more options than the next): the button
    of the next tile that way in the same row of tiles, the nearest in height; None at the row's end
    (then the page may turn)."""
    name = tile_game(buttons[focus].action)
    here = next((tile for tile in tiles if tile.variant == name), None)
    if here is None:
        return None
    row = [
        tile
        for tile in tiles
        if tile is not here and abs(tile.box.y - here.box.y) < here.box.h / 2 and (tile.box.x - here.box.x) * dx > 0
    ]
    if not row:
        return None
    target = min(row, key=lambda tile: abs(tile.box.x - here.box.x)).variant
    y = buttons[focus].rect.y + buttons[focus].rect.h / 2
    on_it = [k for k, b in enumerate(buttons) if b.enabled and tile_game(b.action) == target]
    return min(on_it, key=lambda k: abs(buttons[k].rect.y + buttons[k].rect.h / 2 - y), default=None)


def option_chips(game: Game, key: str, values: tuple[str, ...], chosen: str, row: Rect, gap: float) -> list[Button]:
    """A tile's row of chips for one option: a chip a value where they fit side by side, else one
    chip that shows the value ``chosen`` and chooses the next on a tap (:class:`Cycle`), where a
    label would not fit its chip even at the smallest size."""
    labels = [game.option_text(key, value) for value in values]
    chips = button_row([(Choose(key, v, game.name), text) for v, text in zip(values, labels, strict=True)], row, gap)
    if all(fonts.fits(chip.label, label_room(chip), fonts.SMALLEST) for chip in chips):
        return chips
    shown = labels[values.index(chosen)] if chosen in values else labels[0]
    return button_row([(Cycle(key, game.name), shown + NEXT_MARK)], row, gap)


def chip_sizes(buttons: Sequence[Button]) -> dict[Act, int]:
    """The label size of each option chip: one for each row of them (a game's option), the
    smallest its labels fit at, bold as a chosen one is drawn, so the chips of a row never differ."""
    rows: dict[tuple[str, str], list[Button]] = {}
    for b in buttons:
        if isinstance(b.action, Choose):
            rows.setdefault((b.action.variant, b.action.name), []).append(b)
    sizes: dict[Act, int] = {}
    for row in rows.values():
        size = min(fonts.fitting_size(b.label, int(b.rect.h * 0.36), label_room(b), bold=True) for b in row)
        sizes.update((b.action, size) for b in row)
    return sizes


def bar_lines(w: int, gap: float) -> list[list[tuple[str, str]]]:
    """The home screen's buttons at the bottom, in one line, or two where one is too narrow for
    their labels."""
    actions = [("daily", tr("Today's deal")), ("by_id", tr("Play a deal by ID"))]
    actions += [("watch", tr("Watch them all")), ("records", tr("Records")), ("settings", tr("Settings"))]
    if row_fits([label for _, label in actions], w, gap):
        return [actions]
    return [actions[:2], actions[2:]]


def list_button(box: Rect, variant: str, saved: bool, options: dict[str, str]) -> Button:
    """A game's button in a small screen's list: its name and, under it, its stars for the chosen
    ``options`` (CM-17, as a tile shows them) and Continue where a game is ``saved``, else New game."""
    game = game_for(variant)
    word, action = (tr("Continue"), "continue") if saved else (tr("New game"), "new")
    note = stars_text(game.stars(options)) + NOTE_BREAK + word
    return Button(box, game.name_for(options), ForGame(action, variant), note=note)


def draw_heading(
    surface: pygame.Surface, tile: Tile, saved: Session | None, options: dict[str, str], touch: float
) -> None:
    """A tile's name and the stars for the chosen ``options``; a ``saved`` game's options and moves
    at the right when they fit beside them, else on the line below in place of the blurb — never
    over the name or stars."""
    game, box, pad = game_for(tile.variant), tile.box, touch * 0.3
    stars = game.stars(options)  # CM-14: the difficulty, for these options
    mark = fonts.text(stars_text(stars), int(touch * 0.3), STAR)  # CM-17: out of 5, as everywhere
    name_room = box.w - 2 * pad - touch * 0.15 - mark.get_width()
    name = fonts.fit_text(game.name_for(options), int(touch * 0.45), TEXT, name_room, bold=True)
    middle = round(box.y + touch * 0.12 + name.get_height() / 2)
    surface.blit(name, name.get_rect(midleft=(round(box.x + pad), middle)))
    stars_end = box.x + pad + name.get_width() + touch * 0.15
    surface.blit(mark, mark.get_rect(midleft=(round(stars_end), middle)))
    stars_end += mark.get_width()
    below, second_line = game.blurb_for(options), tile.preview.y > box.y + touch * 0.8  # room for a line under the name
    if saved is not None:  # the saved game's own options: the chips are for new games
        moves = tr("Moves {n}", n=saved.moves)
        kept = saved.deal_id.spec.written(saved.deal_id.options)
        words = " · ".join([game.option_text(k, v) for k, v in kept] + [moves])
        beside, size = box.right - pad - stars_end - pad, int(touch * 0.3)  # the room right of the stars
        shown = words if fonts.fits(words, beside, size) else ("" if second_line else moves)
        if shown != words and second_line:
            below = words  # on the line below, in place of the blurb
        if shown and fonts.fits(shown, beside, size):
            note = fonts.text(shown, size, NOTE)
            surface.blit(note, note.get_rect(midright=(round(box.right - pad), middle)))
    if second_line:
        room = max(1, round((tile.preview.y - box.y - touch * 0.7) / (touch * BLURB_LINE)))  # lines under the name
        lines = fonts.wrap(below, BLURB_SIZE, box.w - 2 * pad)
        written = lines if len(lines) <= room else [below]  # a line too many: one line, cut
        for k, line in enumerate(written):
            about = fonts.fit_text(line, BLURB_SIZE, NOTE, box.w - 2 * pad)
            surface.blit(about, (round(box.x + pad), round(box.y + touch * (0.72 + BLURB_LINE * k))))


def blurb_room(blurb: str, width: float, touch: float, preview_h: float) -> float:
    """The height a tile gives its description (CM-14), which every tile shows: a line where it
    fits; two where it needs two and the preview keeps most of its room (a tall tile); else one
    line where it fits a little smaller (never below the smallest size); else two lines where the
    preview keeps a finger's height (issue 36 item 16: at 1280x800 one tile's in English, two in
    Italian, were left out); none only in a tile too small for both."""
    line = touch * BLURB_LINE
    if fonts.fits(blurb, width, BLURB_SIZE):
        return line
    two = len(fonts.wrap(blurb, BLURB_SIZE, width)) == 2
    if two and preview_h - 2 * line >= max(touch * 2, preview_h * 0.6):
        return 2 * line
    if fonts.fits(blurb, width):  # at the smallest size: drawn shrunk to its line
        return line
    if two and preview_h - 2 * line >= touch:
        return 2 * line
    return 0.0


def home_control(b: Button, chosen: bool, options: Callable[[str], Mapping[str, str]]) -> Control:
    """A home screen's button as a control (CM-18, CM-19): a tile's buttons are a group named by
    their game ("NAME, Draw 3, button, chosen"), the page arrows say what they do, a note
    ("12 moves") is said after the role; the bar's buttons are a group of their own."""
    variant = tile_game(b.action)
    page = b.action.step if isinstance(b.action, Turn) and b.action.what == PAGE else 0
    control = button_control(b, variant or (PAGE if page else "bar"), chosen)
    label = b.label
    if page:  # the arrows' glyphs said as what they do
        label = tr("Previous page") if page < 0 else tr("Next page")
    game = game_for(variant).name_for(options(variant)) if variant else ""  # the tile's name, as drawn
    notes = tuple(part for part in b.note.split(NOTE_BREAK) if part)  # said apart: "2 stars of 5, New game"
    if isinstance(b.action, Cycle):  # "Variation: Baker's Game", and what a tap does in place of the glyph
        name = game_for(variant).option_name(b.action.name)
        label = tr("{option}: {value}", option=name, value=b.label.removesuffix(NEXT_MARK))
        # TRANSLATORS: said after a chip that shows one value of an option and chooses the next on a tap
        notes += (tr("tap for the next"),)
    return replace(control, label=label, context=game, state=(*notes, *control.state))


def tile_spare(game: Game, tile_h: float, touch: float, gap: float) -> float:
    """The height a tile ``tile_h`` tall keeps for its preview and description, below its name and
    above its rows of option chips and actions (a finger each, or less in a short tile)."""
    button_h = min(touch, tile_h * 0.16)
    return tile_h - touch * 0.7 - (len(game.options) + 1) * (button_h + gap * 0.5) - gap


def descriptions_fit(games: Sequence[Game], grid: Grid, w: int, room: float, touch: float) -> bool:
    """Whether every game's tile on ``grid`` (in a window ``w`` wide, ``room`` high for the tiles)
    has room for its whole description (CM-14)."""
    gap = touch * 0.3
    tile_w = (w - gap * (grid.cols + 1)) / grid.cols
    tile_h = tile_height(room, grid.rows, gap)
    return all(
        blurb_room(blurb, tile_w - touch * 0.6, touch, tile_spare(g, tile_h, touch, gap))
        for g in games
        for blurb in g.every_blurb()
    )
