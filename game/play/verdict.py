"""CM-21 on a table, without pixels: after each move, once nothing that matters is unseen, the
verdict's search (game/hints/verdict.py) a slice at a time; once the position is proved lost,
``lost``, and how many moves back the last position that could be won lies. It never ends the
game: the table stays playable, and the scene shows a bar with the way out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.hints.lines import KnownLines
    from game.hints.memory import Memory
    from game.hints.spec import HintSpec
    from game.hints.verdict import Verdict
    from game.session import Session


COMPUTING = 0.4  # seconds of search (of the slices given it) before the scene says "Computing…"


class TableVerdict:
    def __init__(self) -> None:
        self.job: Verdict | None = None
        self.seconds = 0.0  # how long the search has run (the scene shows "Computing…" past a moment)
        self.due = True  # the position is new: its verdict starts at the next step (the first one too:
        # a game opened lost, resumed or from a deal ID, says so as well)

    def renew(self) -> None:
        """The position changed: what was found is about another one."""
        self.stop()
        self.due = True

    def tick(self, session: Session, spec: HintSpec, memory: Memory, seconds: float) -> bool:
        """One step: the new position's verdict started, or the search advanced; True when what the
        verdict shows changed."""
        if self.due:
            self.due = False
            self.start(session, spec, memory.lines)
        return self.advance(seconds)

    def start(self, session: Session, spec: HintSpec, lines: KnownLines) -> None:
        """The position's verdict, when every card that matters is known (else none)."""
        from game.hints.verdict import Verdict, all_known  # the solver loads with the first move

        self.stop()
        self.seconds = 0.0
        if session.won or session.given_up:
            return
        if all_known(spec, session.state, session.history.seen):
            self.job = Verdict(spec, session.history.line, lines)
        else:
            lines.stop_search()

    def stop(self) -> None:
        if self.job is not None:
            self.job.cancel()
        self.job = None

    def advance(self, seconds: float) -> bool:
        """Work for about ``seconds``; True when what the verdict shows changed."""
        job = self.job
        if job is None or job.done:
            return False
        before = self.shown()
        job.advance(seconds)
        self.seconds += seconds
        return self.shown() != before or self.seconds - seconds < COMPUTING <= self.seconds

    def shown(self) -> tuple[bool, int | None]:
        return (self.lost, self.back)

    @property
    def lost(self) -> bool:
        """The position is proved lost (CM-21)."""
        return self.job is not None and self.job.lost

    @property
    def back(self) -> int | None:
        """How many moves back the last position that could be won lies, once found."""
        return self.job.back if self.job is not None else None

    @property
    def searching(self) -> bool:
        """The verdict's search is under way."""
        return self.job is not None and not self.job.done

    @property
    def computing(self) -> bool:
        """The verdict's search has been under way a noticeable time (the scene says "Computing…")."""
        return self.job is not None and not self.job.done and self.seconds >= COMPUTING


def memory_of(spec: HintSpec, rules: Any) -> Memory:
    from game.hints.memory import Memory

    return Memory(spec, rules)
