"""What the table and the follower need of a game, handed to them by its record: play knows no
game records (``game/games`` is above it); the window, the hint command and the tools look a game
up with ``game.games.index.game_for`` and hand the lookup over."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from game.play.interaction import Interaction
from game.rules.base import Variant

if TYPE_CHECKING:
    from game.hints.spec import HintSpec  # the hint modules (and the solver) load when first asked


class PlayedGame(Protocol):
    """A game as the table plays it: its rules, its taps, its hints, and the words of its status bar."""

    @property
    def rules(self) -> Variant[Any]: ...

    @property
    def interaction(self) -> Callable[[], Interaction]: ...

    @property
    def hints(self) -> HintSpec: ...

    @property
    def status(self) -> Callable[[Any], list[str]]: ...

    def heading_for(self, state: Any) -> str: ...

    def score_text(self, score: int) -> str: ...


Games = Callable[[str], PlayedGame]  # a game by its variant's name
