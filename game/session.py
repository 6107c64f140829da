"""One game in progress: the deal, its history (undo/redo, seen cards), the clock and the score.

A saved game is the deal ID, the moves (including the ones undone, so redo survives), where the
player stands among them, the clock and the cards seen — not a memory dump: loading replays the
moves through the rules (SPEC CM-8), so a save from a buggy or tampered file can never produce an
illegal position.
"""

from __future__ import annotations

import dataclasses
import datetime
import uuid
from dataclasses import dataclass
from typing import Any

from game.core.dealid import DealId, parse_deal_id
from game.core.errors import IllegalMove, ParseError
from game.core.i18n import tr
from game.core.quoting import quoted
from game.rules.base import Event, Move, parse_move
from game.rules.history import History
from game.rules.registry import AnyVariant, start

SAVE_VERSION = 1
MAX_MOVES = 200_000  # far beyond any real game; a longer list is a damaged or hostile file
MAX_SECONDS = 10 * 365 * 24 * 3600.0


@dataclass
class GameLog:
    """What the records keep of a game beyond its moves (CM-9). A game counts from its first move
    (``game_id`` and ``started`` are set then); ``ended`` is the result already recorded, so a
    resumed game is recorded once."""

    game_id: str | None = None
    started: float | None = None  # UTC seconds since the epoch
    undos: int = 0
    hints: int = 0
    kind: str | None = None  # how the deal was chosen: winnable, random (None: from the seeds lists)
    counts: bool = True  # False for a game taken over from the demo
    ended: str | None = None

    def begin(self, now: float) -> None:
        if self.game_id is None:
            self.game_id = uuid.uuid4().hex
            self.started = now

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, data: object) -> GameLog:
        if not isinstance(data, dict):
            raise ParseError("the saved game's log is not a table of values")
        log = cls()
        text = {"game_id": 40, "kind": 20, "ended": 20}
        for key, size in text.items():
            value = data.get(key)
            if value is not None and (not isinstance(value, str) or len(value) > size):
                raise ParseError(f"the saved game's {key} is not what a save holds")
            setattr(log, key, value)
        started = data.get("started")
        if started is not None and (isinstance(started, bool) or not isinstance(started, int | float) or started < 0):
            raise ParseError("the saved game's start is not a time")
        log.started = None if started is None else float(started)
        for key in ("undos", "hints"):
            value = data.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
                raise ParseError(f"the saved game's {key} is not a count")
            setattr(log, key, value)
        counts = data.get("counts", True)
        if not isinstance(counts, bool):
            raise ParseError("the saved game's 'counts' is not true or false")
        log.counts = counts
        return log


class Session:
    def __init__(self, deal_id: DealId, kind: str | None = None) -> None:
        self.deal_id = deal_id
        rules, state = start(deal_id)
        self.rules: AnyVariant = rules
        self.history: History[Any] = History(rules, state)
        self.elapsed = 0.0  # seconds of play; counts from the first move, only while the window is active
        self.given_up = False
        self._legal: tuple[Any, list[Move]] | None = None  # (position, its legal moves)
        self.daily: str | None = None  # the date (YYYY-MM-DD) when this is that day's deal (KL-12)
        self.log = GameLog(kind=kind)  # what the records need (CM-9): its identity, start, undos and hints

    # -- the game -------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.history.state

    @property
    def moves(self) -> int:
        return len(self.history.moves)

    @property
    def legal(self) -> list[Move]:
        """The legal moves of the current position, generated once per position: a move, its
        checks, the targets outlined, the end-of-game test and the hint all share them."""
        state = self.state
        if self._legal is None or self._legal[0] is not state:
            self._legal = (state, self.rules.legal_moves(state))
        return self._legal[1]

    @property
    def won(self) -> bool:
        return bool(self.rules.is_won(self.state))

    @property
    def over(self) -> bool:
        """No legal move is left and the game is not won (CM-12)."""
        return not self.won and not self.legal

    @property
    def finished(self) -> bool:
        return self.won or self.given_up

    @property
    def clock_running(self) -> bool:
        """From the first move until the game is won, given up or over (no move left: an undo
        starts it again)."""
        return self.moves > 0 and not self.finished and not self.over

    def score(self) -> int | None:
        """The score to show, with any win bonus for the time taken (KL-10)."""
        return self.rules.final_score(self.state, self.elapsed)

    def play(self, move: Move) -> list[Event]:
        if self.finished:
            raise IllegalMove(tr("This game is over: start a new deal or play it again."))
        return self.history.play(move, self.legal)

    def undo(self) -> list[Event]:
        """Undo one move. A won game is over, as in the big collections: its win stands, and the
        way on is a new deal or the same deal again. A game given up: the first undo takes back the
        giving up alone, the game as it was (the question before it promised that much)."""
        if self.won:
            raise IllegalMove(tr("This game is won: start a new deal or play it again."))
        if self.given_up:
            self.log.ended = None  # played on after giving up: it ends again later
            self.given_up = False
            return []
        events = self.history.undo()
        self.log.undos += 1
        return events

    def redo(self) -> list[Event]:
        return self.history.redo()

    def restart(self) -> None:
        """The same deal from its start: a new game, as far as the records are concerned."""
        self.history.restart()
        self.elapsed = 0.0
        self.given_up = False
        self.log = GameLog(kind=self.log.kind, counts=self.log.counts)

    def tick(self, dt: float) -> None:
        """Advance the clock (the app calls this only while the window is focused, CM-11)."""
        if self.clock_running:
            self.elapsed += dt

    # -- saving ---------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        h = self.history
        return {
            "version": SAVE_VERSION,
            "deal": str(self.deal_id),
            "moves": h.move_texts,
            "cursor": len(h.moves),
            "elapsed": round(self.elapsed, 3),
            "given_up": self.given_up,
            **({"daily": self.daily} if self.daily else {}),
            "log": self.log.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Session:
        """Rebuild a saved game by replaying it; ParseError with the reason if it does not hold.
        Every field is checked for its type and range; what the player has seen is recomputed from
        the moves (a file can never claim more, so a hint can never peek through it)."""
        try:
            if data.get("version") != SAVE_VERSION:
                raise ParseError(f"save version {quoted(data.get('version'))} is not {SAVE_VERSION}")
            deal, moves_text = data["deal"], data["moves"]
            cursor, elapsed, given_up = data["cursor"], data.get("elapsed", 0.0), data.get("given_up", False)
            if not isinstance(deal, str) or not isinstance(moves_text, list) or len(moves_text) > MAX_MOVES:
                raise ParseError("the deal or the list of moves is not what a save holds")
            if not all(isinstance(m, str) and len(m) <= 20 for m in moves_text):
                raise ParseError("a move in the save is not a move")
            if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(moves_text):
                raise ParseError("the saved position is outside its own list of moves")
            if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or not 0 <= elapsed <= MAX_SECONDS:
                raise ParseError(f"the saved clock {quoted(elapsed)} is not a time")
            if not isinstance(given_up, bool):
                raise ParseError("the saved game's 'given_up' is not true or false")
            session = cls(parse_deal_id(deal))
            moves = [parse_move(m) for m in moves_text]
            session.history = History.replay(session.rules, session.history.start, moves)
            for _ in range(len(moves) - cursor):
                session.history.undo()
            session.elapsed = float(elapsed)
            session.given_up = given_up
            daily = data.get("daily")
            if daily is not None:
                if not isinstance(daily, str) or len(daily) != 10:
                    raise ParseError("the saved daily date is not a date")
                session.daily = datetime.date.fromisoformat(daily).isoformat()
            if "log" in data:
                session.log = GameLog.from_dict(data["log"])
            return session
        except IllegalMove as e:
            raise ParseError(e.reason) from None
        except (KeyError, TypeError, ValueError, AttributeError, OverflowError) as e:
            if isinstance(e, ParseError):
                raise
            raise ParseError(f"the saved game is damaged ({type(e).__name__}: {e})") from None
