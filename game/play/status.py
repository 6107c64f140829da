"""What a table's status bar says (SP-20 and the like), and what the reading key says first
(CM-19): the heading, the figures, the deal."""

from __future__ import annotations

from game.core.i18n import Figure, format_date, format_time, ptr, tr
from game.deals import deal_stars_text, stars_text
from game.play.table import Table


def table_status(table: Table) -> tuple[str, list[str], str]:
    """The heading ("NAME · draw 3"), the figures (score, moves, time, the game's own) and the
    deal, for the status bar."""
    s = table.session
    score = s.score()
    parts = [table.game.score_text(score)] if score is not None else []
    parts += [tr("Moves {n}", n=s.moves), format_time(s.elapsed), *table.game.status(s.state)]
    if table.stars is not None:  # last: the first figure a narrow window leaves out
        stars = deal_stars_text(table.stars)  # CM-17: out of 5, named apart from the game's
        # TRANSLATORS: the status bar's "This deal: ★★☆☆☆" where the bar is narrow: as short as can still be read
        parts.append(Figure(stars, ptr("narrow", "This deal: {stars}", stars=stars_text(table.stars))))
    heading = table.game.heading_for(s.state)
    if s.daily is not None:
        heading = tr("Today's deal · {date}", date=format_date(s.daily))
    if table.verdict.lost:  # CM-21: the first figure, the last a narrow window leaves out
        parts.insert(0, tr("No longer winnable"))
    return heading, parts, tr("Deal {n}", n=s.deal_id.number)
