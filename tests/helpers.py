"""Small builders for hand-made positions: ``pile("#KS QH")`` is a column of a face-down K♠ under
a face-up Q♥."""

from __future__ import annotations

from typing import Any

from game.core.cards import NO_CARD, Card, parse_card
from game.core.dealid import DealId
from game.rules.base import Event, Move, Variant, parse_move
from game.rules.registry import rules_for


def pile(text: str) -> tuple[tuple[Card, ...], int]:
    """Cards of a pile, bottom first, and how many (a leading run) are face down (``#``)."""
    cards: list[Card] = []
    down = 0
    for token in text.split():
        if token == "--":
            cards.append(NO_CARD)
        elif token.startswith("#"):
            cards.append(parse_card(token[1:]))
            down += 1
        else:
            cards.append(parse_card(token))
    return tuple(cards), down


def cards(text: str) -> tuple[Card, ...]:
    return pile(text)[0]


def c(text: str) -> Card:
    return parse_card(text)


def columns(*texts: str) -> tuple[tuple[tuple[Card, ...], ...], tuple[int, ...]]:
    built = [pile(t) for t in texts]
    return tuple(b[0] for b in built), tuple(b[1] for b in built)


def deal(variant: str, number: int = 1, **options: str) -> tuple[Variant, object]:
    rules = rules_for(variant)
    return rules, rules.deal(DealId.make(variant, number, options))


def play(rules: Variant, state: object, *moves: str) -> tuple[object, list[Event]]:
    """Apply moves written as text; return the final state and the events of the last move."""
    events: list[Event] = []
    for text in moves:
        state, events = rules.apply(state, parse_move(text))
    return state, events


def move(text: str) -> Move:
    return parse_move(text)


def solve_deal(deal_id: DealId, **budget: Any) -> Any:
    """Solve a deal with its game's solver (the record's spec)."""
    from game.games.index import game_for
    from game.solver import api

    return api.solve_deal(game_for(deal_id.variant).solver, deal_id, **budget)


def solve_position(variant: str, state: object, **budget: Any) -> Any:
    from game.games.index import game_for
    from game.solver import api

    g = game_for(variant)
    return api.solve_position(g.solver, g.rules, state, **budget)


def klondike_endgame(rng: Any, draw: int | None, redeal_limit: int | None, runs: bool = False) -> Any:
    """A Klondike position late in a game, often lost: foundations partly built (3 to 9), the other
    cards in columns of face-down cards under one face-up card (and, with ``runs``, sometimes a card
    built on it), the rest in the talon. ``draw`` None: 3, 3 or 1 at random."""
    from game.core.cards import RANK, RED
    from game.games.klondike.rules import KlondikeState

    home = [rng.randint(3, 9) for _ in range(4)]
    rest = [13 * suit + r - 1 for suit in range(4) for r in range(home[suit] + 1, 14)]
    rng.shuffle(rest)
    cols, downs = [], []
    for _ in range(7):
        if not rest or rng.random() < 0.1:
            cols.append(())
            downs.append(0)
            continue
        d = rng.randint(min(1, len(rest) - 1), min(5, len(rest) - 1))
        col = [rest.pop() for _ in range(d + 1)]
        fits = [c for c in rest if RANK[c] == RANK[col[-1]] - 1 and RED[c] != RED[col[-1]]] if runs else []
        if fits and rng.random() < 0.5:
            col.append(fits[0])
            rest.remove(fits[0])
        cols.append(tuple(col))
        downs.append(d)
    at = rng.randint(0, len(rest))
    if draw is None:
        draw = rng.choice([3, 3, 1])
    foundations = tuple(13 * suit + h - 1 for suit, h in enumerate(home))
    return KlondikeState(
        tuple(cols), tuple(downs), tuple(reversed(rest[at:])), tuple(rest[:at]), foundations, draw, redeal_limit, 0, 0
    )


def ask_hint(variant: str, state: object, seen: frozenset[object] | None = None) -> Any:
    """The hint for a position met afresh (no line before it), computed to the end."""
    from game.games.index import game_for
    from game.hints.advice import position_hint

    game = game_for(variant)
    job = position_hint(game.hints, game.rules, state, seen)
    while not job.advance(0.05):
        pass
    return job.result()


def assert_same_search(python: Any, compiled: Any) -> None:
    """A compiled search's result is the Python one's: status, counts and line (issue 39 item 5)."""
    assert compiled.status is python.status
    counts = (compiled.stats.nodes, compiled.stats.generated, compiled.stats.seen)
    assert counts == (python.stats.nodes, python.stats.generated, python.stats.seen)
    assert compiled.moves == python.moves
