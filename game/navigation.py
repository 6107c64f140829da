"""Navigation: the app alone changes scenes, so no scene imports another to switch. ``App``
inherits these; a scene asks ``self.show_records(...)`` and never builds another scene."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.errors import ParseError
from game.core.i18n import ntr
from game.core.named import resolve
from game.core.quoting import quoted
from game.games.index import game_for
from game.launch import opening_session
from game.platform import give_back_memory
from game.play.table import at_stake
from game.scenes.table import TableScene
from game.session import Session

if TYPE_CHECKING:
    from game.core.dealid import DealId
    from game.play.demo import Show
    from game.records.stats import GameRow, Group
    from game.scenes.host import SceneHost
    from game.scenes.rules import Parts


class Navigation:
    """Opening scenes: a game, home, the demo, panels over a table, the Rules, the Records and
    History screens and a replay, and the question asked before losing progress (CM-13)."""

    def open_game(self: SceneHost, session: Session) -> TableScene:
        """Open a game's table (its scene module is imported the first time it is needed). When
        it is another game than the variant's saved game in progress, that one is kept aside
        until the first move of this one, and Undo brings it back (CM-16): whatever opened this
        game — home, History, the demo, the command line — asked first with :meth:`replacing`."""
        left = self.saved_game(session.deal_id.variant)
        scene_type: type[TableScene] = resolve(game_for(session.deal_id.variant).scene)
        scene = scene_type(self, session)
        if left is not None and left.log.game_id != session.log.game_id:
            scene.table.keep_aside(left)
            if session.moves:  # a game already under way (taken over from the demo): Undo walks its moves
                scene.table.settle()  # back, so the one it replaced, given up after asking, ends now
                scene.table.save()
            else:
                scene.table.offer_back()
        self.input.text_mode = False
        self.replace(scene)
        return scene

    def saved_game(self: SceneHost, variant: str) -> Session | None:
        """The variant's saved game that can go on (none when it is won, given up or stuck), as it
        stands: the tables open save theirs first (a demo's or a replay's saves nothing)."""
        for scene in self.stack.scenes:
            if isinstance(scene, TableScene):
                scene.table.save()
        self.store.flush()
        return self.saved_games.get(self.store, variant)

    def replacing(self: SceneHost, left: Session | None, title: str, yes: str, go: Callable[[], None]) -> None:
        """The one way a game is replaced by another (CM-13, CM-16): when ``left``, the game that
        would end, has moves at stake, ask first, saying how many moves it has; with nothing at
        stake (no game, no move yet, a game won or over) ``go`` at once. Once replaced, a game in
        progress is kept aside until the new game's first move, so Undo can still bring it back
        (``Table.replace`` on a table, :meth:`open_game` from elsewhere), and the question says so,
        as the message after it does (issue 36 item 15)."""
        lost = at_stake(left)
        if not lost:
            go()
            return
        assert left is not None  # moves at stake: a game
        line = ntr(  # the game named: the question may come from another game's screen (a demo, home)
            "Your {game} game in progress (deal {number}, 1 move) ends with your first move in the new one; "
            "until then, Undo brings it back.",
            "Your {game} game in progress (deal {number}, {n} moves) ends with your first move in the new one; "
            "until then, Undo brings it back.",
            lost,
            game=game_for(left.deal_id.variant).name_for(dict(left.deal_id.options)),
            number=left.deal_id.number,
        )
        self.confirm(title, line, yes, go)

    def open_first(self: SceneHost, variant: str | None = None, deal: DealId | None = None) -> None:
        """The screen a start opens on, the command line's or a browser page's: the deal given,
        else the variant's saved game or a new deal of it, else the last variant's saved game, else
        home. A table opened at once says what went wrong reading the data (home says it itself)."""
        session = opening_session(self.store, self.settings, variant, deal)
        if session is None:
            self.go_home()
            return
        scene = self.open_game(session)
        for problem in self.store.problems:
            scene.say(problem)
        self.store.problems.clear()

    def go_home(self: SceneHost, showing: str | None = None) -> None:
        """The home screen, on the page that shows the game ``showing`` (the game just left) with
        the focus on its tile, else on its first page (issue 36 item 16)."""
        from game.scenes.home import HomeScene

        self.store.flush()
        self.replace(HomeScene(self, showing))
        give_back_memory()  # the table just left: its card art and caches are garbage now

    def open_demo(self: SceneHost, shows: list[Show], cycling: bool = False, speed: float = 1.0) -> None:
        """Watch a game (or every game, cycling) play itself to a win (UI-6)."""
        from game.play.demo import cycle
        from game.scenes.demo import DemoScene

        try:
            self.replace(DemoScene(self, cycle(shows) if cycling else iter(shows), speed, cycling=cycling))
        except ParseError as e:
            top = self.stack.top
            if isinstance(top, TableScene):
                top.say(str(e))

    def push_panel(self: SceneHost, kind: str, table: TableScene) -> None:
        """A panel over a table: "new_deal", "settings", "result" (the celebration of a win, then
        "won", the win panel; or game over)."""
        from game.scenes import panels

        if kind == "new_deal":
            from game.scenes.new_deal import NewDealDialog

            self.push(NewDealDialog(self, table))
        elif kind == "settings":
            from game.scenes.settings import SettingsPanel

            self.push(SettingsPanel(self, table))
        elif kind == "result" and table.session.won and self.settings.speed > 0 and not self.speech.on:
            # celebrated (UI-9); a player who plays by ear hears the win panel at once (CM-19)
            from game.scenes.celebration import CelebrationScene

            self.push(CelebrationScene(self, table))
        elif kind in ("won", "result") and table.session.won:  # animation off: the panel at once
            from game.scenes.win_panel import WinPanel

            self.push(WinPanel(self, table))
        elif kind == "result":
            self.push(panels.GameOverPanel(self, table))
        else:
            raise ValueError(f"no panel called {quoted(kind)}")

    def show_rules(self: SceneHost, variant: str, options: dict[str, str]) -> None:
        """A game's rules, the controls and the glossary, over whatever is shown (CM-14)."""
        from game.scenes.rules import RulesScene

        self.push(RulesScene(self, variant, options))

    def show_settings(self: SceneHost) -> None:
        """Settings over the home screen, before any game: no table under it (UI-8, CM-15)."""
        from game.scenes.settings import SettingsPanel

        self.push(SettingsPanel(self))

    def show_text(self: SceneHost, title: Callable[[], str], parts: Callable[[], Parts]) -> None:
        """A page to read over whatever is shown (the Records screen's help)."""
        from game.scenes.rules import TextScene

        self.push(TextScene(self, title, parts))

    def show_records(
        self: SceneHost, variant: str | None = None, group: Group | None = None, mark: float | None = None
    ) -> None:
        """The Records screen (CM-9), over whatever is shown: a game's, or the group of a game just
        won with its time marked."""
        from game.scenes.records import RecordsScene

        self.store.flush()  # a game just ended is written off the frame: on disk before it is read
        self.push(RecordsScene(self, variant, group, mark))

    def show_history(self: SceneHost, variant: str | None = None) -> None:
        from game.scenes.history import HistoryScene

        self.store.flush()  # as for the Records screen
        self.push(HistoryScene(self, variant))

    def open_replay(self: SceneHost, row: GameRow) -> None:
        """Watch a finished game again, move by move (CM-9), through the demo's player. A game
        that cannot be replayed (its deal ID or its moves damaged) is refused, and the scene on top
        says why; one that cannot say anything leaves it for the next screen that shows the
        store's problems (the home screen)."""
        from game.core.dealid import parse_deal_id
        from game.core.i18n import tr
        from game.scenes.replay import ReplayScene

        try:
            parse_deal_id(row.deal)
        except ParseError as e:
            why = tr("That is not a deal ID: {why}", why=str(e))
        else:
            try:
                scene = ReplayScene(self, row)
            except ParseError as e:  # the moves do not replay, and the message says so
                why = str(e)
            else:
                self.push(scene)
                return
        self.store.problems.append(why)  # told on the screen on top (or the nearest below that speaks)

    def confirm(self: SceneHost, title: str, text: str, yes: str, on_yes: Callable[[], None]) -> None:
        """Ask before an action that would throw progress away (CM-13)."""
        from game.scenes.panels import ConfirmPanel

        top = self.stack.top
        table = top if isinstance(top, TableScene) else None
        self.push(ConfirmPanel(self, title, text, yes, on_yes, table))
