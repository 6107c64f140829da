"""The win panel (CM-12, SP-18): how the game was won, the records it beat, and what next."""

from __future__ import annotations

from game.core.i18n import format_time, tr
from game.games.index import game_for
from game.records.stats import Beaten
from game.scenes.panels import Panel, Row
from game.session import Session
from game.view.acts import Act


class WinPanel(Panel):
    """CM-12 / SP-18: time, moves, score, the deal ID (tap to copy), play again or a new deal."""

    opened_by_the_game = True

    cancel_action = "close"

    def title(self) -> str:
        return tr("You won!")

    def lines(self) -> list[str]:
        s = self.table.session
        out = [tr("Time {t}   Moves {n}", t=format_time(s.elapsed), n=s.moves)]
        score = s.score()
        if score is not None:
            parts = game_for(s.deal_id.variant).score_parts(s.state, s.elapsed)
            # TRANSLATORS: the score and how it is made: "Score 710 = moves 510 + win 100 + time 100"
            out.append(
                tr("Score {n} = {parts}", n=score, parts=" + ".join(parts)) if parts else tr("Score {n}", n=score)
            )
        out += game_for(s.deal_id.variant).result_lines(s.state)
        beaten = [beaten_text(b) for b in self.table.table.beaten]
        if beaten:
            out.append(" · ".join(beaten))
        out.append(game_for(s.deal_id.variant).deal_text(s.deal_id))
        return out

    def rows(self) -> list[Row]:
        return [
            ("", [("again", tr("Play again")), ("new", tr("New deal"))]),
            ("", [("copy", tr("Copy deal ID")), ("records", tr("Records"))]),
        ]

    def act(self, action: Act) -> None:
        s = self.table.session
        if action == "copy":
            self.table.copy_deal_id()
        elif action == "records":
            self.app.show_records(s.deal_id.variant, self.app.records.group_of(s), s.elapsed)
        elif action == "again":
            self.app.pop(self)
            again = Session(s.deal_id, s.log.kind)
            again.daily = s.daily  # the same deal again counts with the first (a daily stays daily)
            table = self.table
            # through the one door (CM-16): a won game loses nothing, so no question is asked
            self.app.replacing(s, tr("Play this deal again?"), tr("Play"), lambda: table.new_deal(again))
        elif action == "new":
            self.app.pop(self)
            self.app.push_panel("new_deal", self.table)
        else:
            super().act(action)


def beaten_text(b: Beaten) -> str:
    """A record a win beat, for the win panel (CM-9)."""
    if b.what == "first":
        return tr("Your first win!")
    if b.what == "time":
        return tr("Best time!")
    if b.what == "moves":
        return tr("Fewest moves!")
    if b.what == "score":
        return tr("Best score!")
    return tr("Streak {n}!", n=int(b.value))
