"""Hints never go round in a loop (CM-7): a player who takes every hint never comes back to a
position of the game's line. Found by the blind player on Klondike deal 4 (draw 1): "ten of spades
to foundation 4", then "ten of spades to column 6", again and again (docs/speech.md)."""

from __future__ import annotations

from helpers import move

from game.core.dealid import DealId
from game.games import game_for
from game.hints.base import Hint, Ready, solved_or
from game.hints.fresh import OnlyFresh, fresh_moves, hint_on_line, position
from game.play.table import Table
from game.rules.base import DRAW_MOVE, parse_move
from game.rules.history import History
from game.rules.registry import start
from game.session import Session
from game.solver.engine import Result, Status
from game.solver.sampling import SampledHint

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


def _follow(variant: str, history: History[object], most: int) -> tuple[str, int]:
    """Take the hint (asked as the table asks it) up to ``most`` times; every move must lead to a
    position not on the line. How it ended, and the hints taken."""
    game = game_for(variant)
    rules = game.rules
    been = {position(rules, s) for s in history.line}
    for taken in range(most):
        state = history.state
        if rules.is_won(state):
            return "won", taken
        legal = rules.legal_moves(state)
        hint = _answer(hint_on_line(game.hints, rules, state, history.seen, legal, history.line))
        if hint.move is None:
            return "no move", taken
        history.play(hint.move)
        now = position(rules, history.state)
        assert now not in been, f"hint {taken + 1} ({hint.move}) returns to a position of the line"
        been.add(now)
    return "limit", most


def test_the_hint_never_takes_klondike_deal_4_back_where_it_was():
    """The position where the hint went round in a loop: taking the card back to its foundation
    returns to the position just before; the hint names another move, and a player who then takes
    every hint never comes back to a position they had (the deal ends, won or with no move)."""
    rules, first = start(DealId.make("klondike", 4, {"draw": "1"}))
    history = History.replay(rules, first, [parse_move(t) for t in DEAL_4_LINE.split()])
    back = rules.play(history.state, move("t6>f4"))
    assert position(rules, back) == position(rules, history.line[-2])  # the loop's move, still legal
    end, taken = _follow("klondike", history, 300)
    assert end in ("won", "no move") and taken > 0


def test_klondike_draw_3_hints_never_turn_the_stock_round_to_where_they_were():
    """Klondike deal 5, draw 3: the hint used to turn the stock round and round."""
    rules, first = start(DealId.make("klondike", 5, {"draw": "3"}))
    _follow("klondike", History(rules, first), 12)  # it came round after 8; no hint may now


def test_only_the_moves_that_lead_somewhere_new_are_offered():
    rules, first = start(DealId.make("klondike", 4, {"draw": "1"}))
    history = History.replay(rules, first, [parse_move(t) for t in DEAL_4_LINE.split()])
    legal = rules.legal_moves(history.state)
    been = {position(rules, s) for s in history.line}
    fresh = fresh_moves(rules, history.state, legal, been)
    assert move("t6>f4") in legal and move("t6>f4") not in fresh
    assert fresh == [m for m in legal if m != move("t6>f4")]  # the others, in the rules' order


def test_every_move_going_back_means_no_move_helps():
    """A line on which every legal move's position already lies: the hint names no move, and says so."""
    rules, first = start(DealId.make("klondike", 4, {"draw": "1"}))
    legal = rules.legal_moves(first)
    line = [*(rules.play(first, m) for m in legal), first]
    hint = _answer(hint_on_line(game_for("klondike").hints, rules, first, rules.seen(first), legal, line))
    assert legal and hint.move is None and "No move helps now" in hint.reason


def test_a_fixed_move_that_goes_back_is_not_named():
    """A provider that names a move without looking at the moves it was given (Golf's stock turn,
    Addiction's next card) is held to the fresh moves too."""
    named = Ready(Hint(DRAW_MOVE, "Turn the stock."))
    assert OnlyFresh(named, [DRAW_MOVE]).result().move == DRAW_MOVE
    assert OnlyFresh(Ready(Hint(DRAW_MOVE, "Turn the stock.")), [move("t1>t2")]).result().move is None


def test_a_search_votes_only_for_the_moves_offered():
    """A winning line whose first move goes back votes for the next move of it that can be played
    first, or for nothing; a proved line names that move, or the rule of thumb."""
    klondike = game_for("klondike")
    t1_t2, t3_t4, t1_f1 = move("t1>t2"), move("t3>t4"), move("t1>f1")
    offered = [t3_t4, DRAW_MOVE]  # t1>t2 goes back
    sampled = SampledHint(klondike.solver, [], offered)
    sampled.vote([t1_t2, t3_t4])  # t3>t4 touches nothing t1>t2 does: it can come first
    sampled.vote([t1_t2, t1_f1])  # t1>f1 cannot come first, and t1>t2 is not offered
    assert sampled.won == 2 and dict(sampled.votes) == {t3_t4: 1} and sampled.best() == t3_t4
    state = klondike.rules.deal(DealId.make("klondike", 3))
    fallback = Hint(None, "the rule of thumb")
    proved = solved_or(Result(Status.SOLVED, [t1_t2, t3_t4]), klondike.rules, state, lambda: fallback, offered)
    assert proved.move == t3_t4 and proved.searched
    assert (
        solved_or(Result(Status.SOLVED, [t1_t2, t1_f1]), klondike.rules, state, lambda: fallback, offered) is fallback
    )


def test_when_every_winning_line_goes_back_the_moves_offered_are_searched_next():
    """Wins found, none of them voting for a move offered: each offered move is played on half of
    the same arrangements and solved from there; without ``play`` (nothing withheld) never."""
    klondike = game_for("klondike")
    rules, first = start(DealId.make("klondike", 4, {"draw": "1"}))
    offered = rules.legal_moves(first)[:2]
    played: list[object] = []

    def play(state: object, m: object) -> object:
        played.append(m)
        return rules.play(state, m)  # type: ignore[arg-type]

    for given, searched in ((play, True), (None, False)):
        played.clear()
        sampled = SampledHint(klondike.solver, [first] * 4, offered, play=given, withheld=True)
        sampled.pending, sampled.won = [], 1  # the arrangements solved, their one win voted for nothing
        sampled._next()
        assert (played == [offered[0]] * 2 + [offered[1]] * 2) is searched
        assert (sampled.current is not None) is searched and bool(sampled.after) is searched


def test_where_no_move_goes_back_every_game_hints_as_before():
    """At a deal's start no move can return anywhere: the hint asked with the line is the game's
    own hint, unchanged, in every game."""
    for variant in ("klondike", "freecell", "spider", "yukon", "golf", "pyramid", "tripeaks", "addiction", "canfield"):
        game = game_for(variant)
        rules, state = start(DealId.make(variant, 2))
        legal = rules.legal_moves(state)
        own = _answer(game.hints(rules, state, rules.seen(state), legal))
        on_line = _answer(hint_on_line(game.hints, rules, state, rules.seen(state), legal, [state]))
        assert on_line == own, variant


def test_the_table_asks_its_hint_with_the_line_played():
    """The table's H at the loop's position: another move than the one going back."""
    table = Table(Session(DealId.make("klondike", 4, {"draw": "1"})), lambda events, stagger: None, lambda s: None)
    for text in DEAL_4_LINE.split():
        table.session.play(parse_move(text))
    table.show_hint()
    while table.hint_job is not None:
        table.tick(0.0, False, False)
    assert table.hint is not None and table.hint.move is not None and table.hint.move != move("t6>f4")
