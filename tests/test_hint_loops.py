"""Hints never go round in a loop (CM-7): a player who takes every hint is never held for ever.
Found by the blind player on Klondike deal 4 (draw 1): "ten of spades to foundation 4", then "ten
of spades to column 6", again and again (docs/speech.md); and the stock turned round and round.
A move of the table is hinted only when it leads to a position not on the line; a turn of the
stock only on the way to one, passing a position already had at most once (game/hints/fresh.py)."""

from __future__ import annotations

from collections import Counter

from helpers import move

from game.core.dealid import DealId
from game.games.index import game_for
from game.hints.advice import hint_job
from game.hints.base import Hint
from game.hints.memory import Memory
from game.hints.plans import position
from game.play.follow import Asked, Ended, follow
from game.play.table import Table
from game.rules.base import parse_move
from game.rules.history import History
from game.rules.registry import start
from game.session import Session

# Klondike deal 4, draw 1, as the hints played it before: the line ends on "t6>f4" after
# "f4>t6" — the next hint, "t6>f4" again, took the player back where they had just been.
DEAL_4_LINE = (
    "t7>t6 draw draw w>f1 draw draw draw draw draw draw draw draw draw draw draw draw draw w>f2 t2>f2 "
    "draw draw draw draw draw draw draw w>f3 t3>f3 draw w>f4 draw recycle draw draw draw draw draw draw "
    "draw draw draw draw draw draw draw draw draw draw draw draw w>f4 draw draw w>f1 recycle draw draw "
    "draw draw w>f4 draw w>f1 draw draw draw draw draw draw draw w>f3 draw draw draw draw draw draw "
    "recycle draw draw draw draw draw w>f4 t4>f4 draw draw w>f4 draw draw draw draw draw w>f1 t4>f1 t5>t4 "
    "t3>t5 draw draw draw recycle draw draw draw draw draw draw draw w>f1 w>f1 draw draw draw w>f4 t2>f4 "
    "t6>t2x2 t3>f4 t7>t3 t7>t3 t4>t3x2 draw draw w>f3 t5>f3 t6>f3 t6>f4 recycle f4>t6"
)


def _answer(job: object) -> Hint:
    assert hasattr(job, "advance") and hasattr(job, "result")
    while not job.advance(0.05):
        pass
    hint: Hint = job.result()
    return hint


def test_the_table_asks_its_hint_with_the_line_played():
    """The table's H at the loop's position: another move than the one going back."""
    table = Table(
        Session(DealId.make("klondike", 4, {"draw": "1"})), game_for, lambda events, stagger: None, lambda s: None
    )
    for text in DEAL_4_LINE.split():
        table.session.play(parse_move(text))
    rules = table.session.rules
    back = rules.play(table.session.state, move("t6>f4"))
    assert position(rules, back) == position(rules, table.session.history.line[-2])  # the loop's move, still legal
    table.show_hint()
    while table.hint_job is not None:
        table.tick(0.0, False, False)
    assert table.hint is not None and table.hint.move is not None and table.hint.move != move("t6>f4")


def test_every_move_going_back_means_no_move_helps():
    """A line on which every legal move's position already lies: the hint names no move, and says so."""
    rules, first = start(DealId.make("klondike", 4, {"draw": "1"}))
    legal = rules.legal_moves(first)
    line = [*(rules.play(first, m) for m in legal), first]
    visits = Counter(position(rules, s) for s in line)
    spec = game_for("klondike").hints
    hint = _answer(hint_job(spec, rules, line, [], rules.seen(first), legal, visits, Memory(spec, rules)))
    assert legal and hint.move is None and "No move helps now" in hint.reason


def test_a_player_who_takes_every_hint_passes_a_position_at_most_twice_and_gets_to_an_end():
    """Klondike deal 5, draw 3 (the hint used to turn its stock round and round), followed through
    the window's table: no position is had more than twice (once more on the way round the stock)."""
    rules, first = start(DealId.make("klondike", 5, {"draw": "3"}))
    history = History(rules, first)
    steps = list(follow(DealId.make("klondike", 5, {"draw": "3"}), 30, game_for))
    for step in steps:
        if isinstance(step, Asked) and step.move is not None:
            history.play(step.move)
    seen = Counter(position(rules, s) for s in history.line)
    assert max(seen.values()) <= 2
    assert isinstance(steps[-1], Ended)
