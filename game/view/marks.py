"""The marks drawn over a table: the selection, its outlined destinations (CM-2), the hint (CM-7),
the dragged cards with their shadow, and the keyboard focus ring (CM-10). Distinct colours and
shapes, so focus and selection never look alike: the selection is a solid gold frame, targets
dotted cyan, the hint a thick pink frame, the focus a white ring drawn outside the card."""

from __future__ import annotations

import pygame

from game.core.cards import Card
from game.rules.base import DEAL, DRAW, MOVE, PAIR, RECYCLE, Move, PileContents
from game.rules.pile import NO_PILE, STOCK_PILE, Pile
from game.view.layout import Rect
from game.view.table_view import TableView
from game.view.widgets import dotted_frame, rect

SELECT = (255, 214, 64)
TARGET = (120, 230, 255)
HINT = (255, 120, 200)
FOCUS_RING = (255, 255, 255)


def mark_width(view: TableView) -> int:
    return max(3, round(view.layout.card_w * 0.045))


def draw_selection(surface: pygame.Surface, view: TableView, pile: Pile, index: int, targets: list[Pile]) -> None:
    width = mark_width(view)
    for sp in view.pile_sprites(pile, max(0, index)):
        view.frame(surface, sp.rect, SELECT, width)
    if index < 0 and pile in view.layout.piles:
        view.frame(surface, view.layout.piles[pile], SELECT, width)
    for target in targets:
        dotted_frame(surface, view.target_rect(target).grown(width), TARGET, width)


def draw_target(surface: pygame.Surface, view: TableView, target: Pile) -> None:
    width = mark_width(view)
    dotted_frame(surface, view.target_rect(target).grown(width), TARGET, width)


def hint_frames(view: TableView, source: Pile, first: int, destination: Pile | None) -> list[Rect]:
    """What a hint frames: one box round the run that moves (not one per card) and its destination."""
    out: list[Rect] = []
    sprites = view.pile_sprites(source, max(0, first))
    if sprites:
        box = sprites[0].rect
        for sp in sprites[1:]:
            box = box.union(sp.rect)
        out.append(box)
    elif source in view.layout.piles:
        out.append(view.target_rect(source))
    if destination is not None and destination in view.layout.piles:
        out.append(view.target_rect(destination))
    return out


def move_hint_frames(view: TableView, contents: PileContents, move: Move) -> list[Rect]:
    """CM-7, CM-20: what the hinted move frames — the cards that move and where they go (both cards
    of a pair), or what the player must touch: the stock for a turn, a deal or a turn of
    the waste back over (never the waste). Its message is placed clear of these."""
    if move.kind == MOVE:
        cards, _ = contents[move.src]
        return hint_frames(view, move.src, len(cards) - move.size, move.dst)
    if move.kind == PAIR:
        return hint_frames(view, move.src, 0, move.dst if move.dst != NO_PILE else None)
    if move.kind in (DRAW, RECYCLE, DEAL):
        return hint_frames(view, STOCK_PILE, 0, None)
    return hint_frames(view, move.src, 0, None)


def hint_width(view: TableView) -> int:
    """A hint's frame is twice as thick as the other marks."""
    return mark_width(view) * 2


def draw_move_hint(surface: pygame.Surface, view: TableView, contents: PileContents, move: Move) -> None:
    """The hinted move on the table: a thick frame round each of :func:`move_hint_frames`."""
    for box in move_hint_frames(view, contents, move):
        view.frame(surface, box, HINT, hint_width(view))


def draw_dragged(
    surface: pygame.Surface,
    view: TableView,
    cards: list[tuple[Card, bool]],
    pos: tuple[float, float],
    step: tuple[float, float],
) -> None:
    """The cards being dragged, each with a soft shadow, fanned as they were."""
    w, h = round(view.layout.card_w), round(view.layout.card_h)
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 60), shadow.get_rect(), border_radius=max(3, round(w * 0.08)))
    for k, (card, face_up) in enumerate(cards):
        x, y = pos[0] + k * step[0], pos[1] + k * step[1]
        surface.blit(shadow, (round(x + 5), round(y + 7)))
        view.draw_card(surface, card, face_up, (x, y))


def draw_focus(surface: pygame.Surface, view: TableView, pile: Pile, index: int) -> None:
    width = mark_width(view)
    sp = view.sprites.at(pile, index) if index >= 0 else None
    r: Rect | None = sp.rect if sp is not None else view.layout.piles.get(pile)
    if r is None:
        return
    outer = rect(r).inflate(width * 4, width * 4)
    pygame.draw.rect(surface, (0, 0, 0), outer, width=width + 2, border_radius=10)
    pygame.draw.rect(surface, FOCUS_RING, outer, width=width, border_radius=10)
