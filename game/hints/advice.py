"""CM-20's hint, the same way for every game, from what its :class:`~game.hints.spec.HintSpec`
declares:

1. No move at all: say so.
2. Every card that matters known: the next move of the winning line already known from here
   (:class:`~game.hints.lines.KnownLines`: a hint, the demo or the verdict found it), a safe move
   brought to its front when the line still wins that way; else a safe move; else the position
   searched, its line remembered, a loss said plainly.
3. Cards hidden: a safe move at once; a lone move offered as it is; else the moves weighed over
   worlds of the hidden cards (:mod:`game.hints.weigh`), with the share of worlds the move keeps
   winnable said.
4. No winning line found within the budget: the game's rule of thumb, from what the player sees.

The hint names only a move of ``offered`` (the moves that lead somewhere new: game/hints/fresh.py).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from typing import Any

from game.core.cards import card_symbol_text
from game.core.i18n import join_sentences, tr
from game.hints.base import (
    PROVEN,
    Hint,
    HintJob,
    Ready,
    Thinking,
    describe,
    lost_from_here,
    no_more_moves,
    nothing_helps,
)
from game.hints.beliefs import Step
from game.hints.lines import KnownLines
from game.hints.memory import Memory
from game.hints.plans import Plan, position, stock_plans
from game.hints.position import PositionSearch
from game.hints.spec import HintSpec
from game.hints.weigh import Weighing
from game.rules.base import Move, Variant
from game.solver.engine import Status
from game.solver.sampling import TURNS, lead


def hint_job(
    spec: HintSpec,
    rules: Variant[Any],
    line: list[Any],
    moves: list[Move],
    seen: frozenset[object],
    legal: list[Move],
    visits: Counter[Hashable],
    memory: Memory,
) -> HintJob:
    """The hint for the last position of ``line`` (the positions from the deal's start, with the
    ``moves`` between them; ``visits`` counts them as the player sees them), a job advanced a slice
    at a time (see the module docstring)."""
    state = line[-1]
    if not legal:
        return Ready(no_more_moves())
    fresh = [m for m in legal if not visits[position(rules, rules.play(state, m))]]
    safe = next((m for m in fresh if spec.safe(rules, state, m)), None)
    step = memory.beliefs.at(line, moves, seen)
    if step is None:
        return known_hint(spec, rules, state, legal, safe, memory.lines)
    plans = [(m,) for m in fresh if m.kind not in TURNS] + stock_plans(rules, state, seen, visits)
    if not plans:  # every move leads back to a position played: a safe one still helps (a card home)
        again = next((m for m in legal if spec.safe(rules, state, m)), None)
        return Ready(nothing_helps() if again is None else Hint(again, spec.safe_reason(), PROVEN))
    if safe is not None:
        return Ready(Hint(safe, spec.safe_reason(), PROVEN))
    if len(plans) == 1:  # nothing to weigh: the game's own words for it, where its rule of thumb has some
        plan = plans[0]

        def lone(hint: Hint) -> Hint:
            return hint if hint.move in (plan[0], None) else Hint(plan[0], plan_reason(rules, state, plan))

        return thumb_job(spec, rules, state, [plan[0]], lone)
    return Weighed(spec, rules, state, step, plans)


def position_hint(spec: HintSpec, rules: Variant[Any], state: Any, seen: frozenset[object] | None = None) -> HintJob:
    """The hint for a position met afresh: no line played before it, nothing remembered (a deal's
    start, a position read from text); ``seen``: the cards the player has seen, else those it shows."""
    seen = rules.seen(state) if seen is None else seen
    visits = Counter([position(rules, state)])
    return hint_job(spec, rules, [state], [], seen, rules.legal_moves(state), visits, Memory(spec, rules))


def known_hint(
    spec: HintSpec, rules: Variant[Any], state: Any, legal: list[Move], safe: Move | None, lines: KnownLines
) -> HintJob:
    """Every card that matters known: the next move of the winning line known from here (a safe
    move brought to its front when the line still wins so), else a safe move, else the search of
    the position. A winning line is followed wherever it goes: it ends in a win."""
    known = lines.rest(state)
    if known is not None:
        if safe is not None and lines.bring_forward(state, safe):
            known = lines.rest(state)
        hint = from_line(rules, state, known or (), legal)
        if hint is not None and safe is not None and hint.move != safe:
            return SafeFirst(spec, rules, state, safe, hint, lines)
        if hint is not None:
            return Ready(hint)
    if safe is not None:
        return Ready(Hint(safe, spec.safe_reason(), PROVEN))
    return Solving(spec, rules, state, legal, lines)


def from_line(rules: Variant[Any], state: Any, line: tuple[Move, ...] | list[Move], offered: list[Move]) -> Hint | None:
    """The hint a winning line gives: its first move, or (when that one is not offered) the first of
    its moves that is and can be played first; None if none."""
    if not line:
        return None
    move = line[0] if line[0] in offered else lead(list(line), offered)
    if move not in offered:
        return None
    return Hint(move, join_sentences(describe(rules, state, move), tr("It leads to a win.")), PROVEN, searched=True)


def plan_reason(rules: Variant[Any], state: Any, plan: Plan) -> str:
    """Why a plan's first move: the move itself, or for turns of the stock that bring a known card
    up, that card."""
    if len(plan) == 1 or plan[-1].kind in TURNS:
        return describe(rules, state, plan[0])
    s = state
    for move in plan[:-1]:
        s = rules.play(s, move)
    cards, _ = rules.piles(s)[plan[-1].src]
    return tr("Turn the stock to bring up {card}.", card=card_symbol_text(cards[-plan[-1].size]))


def thumb(spec: HintSpec, rules: Variant[Any], state: Any, offered: list[Move]) -> Hint:
    """The game's rule of thumb, held to the moves offered: one that names another (a stock turn
    back to where the player was) says that no move helps instead."""
    return held_to(offered, spec.thumb(rules, state, offered))


def held_to(offered: list[Move], hint: Hint) -> Hint:
    if hint.move is not None and hint.move not in offered:
        return nothing_helps()
    return hint


def thumb_job(
    spec: HintSpec, rules: Variant[Any], state: Any, offered: list[Move], then: Callable[[Hint], Hint] = lambda h: h
) -> HintJob:
    """:func:`thumb` as a job: at once, or in steps where the game's rule of thumb looks ahead
    (``spec.thinking``), so that no slice holds a frame up for long; ``then`` adjusts the hint."""
    if spec.thinking is None:
        return Ready(then(thumb(spec, rules, state, offered)))
    return Thinking(spec.thinking(rules, state, offered), lambda hint: then(held_to(offered, hint)))


class Answering:
    """A hint job in two parts: its own work (a search, a weighing) a slice at a time, then the
    answer that work gives: at once, or the rule of thumb's steps (:func:`thumb_job`)."""

    _then: HintJob | None = None  # once the work is over: its answer, or the rule of thumb's

    def work(self, seconds: float) -> bool:
        """Work for about ``seconds``; True once done."""
        raise NotImplementedError

    def answer(self) -> HintJob:
        raise NotImplementedError

    def advance(self, seconds: float) -> bool:
        if self._then is None:
            if not self.work(seconds):
                return False
            self._then = self.answer()
            seconds = 0.0  # the slice went on the work: the rule of thumb, if any, takes one step
        return self._then.advance(seconds)

    def result(self) -> Hint:
        assert self._then is not None, "the hint is not known yet"
        return self._then.result()


class SafeFirst(Answering):
    """A line known from here that does not play the safe move first, nor can be made to: the
    position after the safe move searched (a player expects the card home before a turn of the
    stock); the safe move when it still wins so, its line remembered; else the known line's move."""

    def __init__(self, spec: HintSpec, rules: Variant[Any], state: Any, safe: Move, known: Hint, lines: KnownLines):
        self.rules, self.state, self.safe, self.known, self.lines = rules, state, safe, known, lines
        self.spec = spec
        self.search = PositionSearch(spec, rules.play(state, safe), lines, spec.budget)

    def work(self, seconds: float) -> bool:
        return self.search.advance(seconds)

    def answer(self) -> HintJob:
        if self.search.status is Status.SOLVED:
            self.lines.add(self.state, (self.safe, *self.search.moves))
            return Ready(Hint(self.safe, self.spec.safe_reason(), PROVEN))
        return Ready(self.known)

    def cancel(self) -> None:
        self.search.cancel()


class Solving(Answering):
    """Every card that matters is known: the position itself searched, once — the search is the
    one the verdict of the same position runs (:meth:`KnownLines.search_for`), and its line is
    kept for the next hints, the demo and the verdict."""

    def __init__(self, spec: HintSpec, rules: Variant[Any], state: Any, offered: list[Move], lines: KnownLines) -> None:
        self.spec, self.rules, self.state, self.offered = spec, rules, state, offered
        self.search = lines.search_for(spec, state)

    def work(self, seconds: float) -> bool:
        return self.search.advance(seconds)

    def answer(self) -> HintJob:
        if self.search.status is Status.SOLVED:
            hint = from_line(self.rules, self.state, self.search.moves, self.offered)
            if hint is not None:
                return Ready(hint)
        elif self.search.status is Status.UNSOLVABLE:
            return Ready(lost_from_here())
        return thumb_job(self.spec, self.rules, self.state, self.offered)

    def cancel(self) -> None:
        """The search goes on being the position's own (the verdict may still want it); a new
        position's search gives it up."""


class Weighed(Answering):
    """Cards are hidden: the moves weighed over worlds of them (game/hints/weigh.py)."""

    def __init__(self, spec: HintSpec, rules: Variant[Any], state: Any, step: Step, plans: list[Plan]) -> None:
        self.spec, self.rules, self.state, self.plans = spec, rules, state, plans
        self.offered = list(dict.fromkeys(plan[0] for plan in plans))  # what a rule of thumb may name
        nodes_each, budget = spec.weighing_sizes(state)
        self.weighing = Weighing(
            spec.solver,
            rules,
            step,
            plans,
            progress=lambda m: spec.progress(rules, state, m),
            nodes_each=nodes_each,
            budget=budget,
            checks=spec.checks,
            batch=spec.samples,
        )

    def work(self, seconds: float) -> bool:
        return self.weighing.advance(seconds)

    def answer(self) -> HintJob:
        plan = self.weighing.best()
        if plan is None:
            return thumb_job(self.spec, self.rules, self.state, self.offered)
        self.weighing.remember(plan)
        weight = self.weighing.weight(plan)
        text = join_sentences(
            plan_reason(self.rules, self.state, plan),
            tr("It starts a win in {n} of {m} guesses at the hidden cards.", n=weight.kept, m=weight.worlds),
        )
        share = (weight.kept, weight.worlds)
        return Ready(Hint(plan[0], text, weight.kept / max(1, weight.worlds), searched=True, share=share))

    def cancel(self) -> None:
        self.weighing.cancel()
        if self._then is not None:
            self._then.cancel()
