"""The page tools/winnability.py writes, docs/winnability.md: its text around the tables, and the
section tools/bench_hints.py writes into it, kept as the page has it."""

from __future__ import annotations

import os
import platform
import textwrap
from pathlib import Path

from game.solver.api import SOLVER_VERSION

# What each version of the solver changed (the game's search code says only its version number).
SOLVER_CHANGES: dict[int, str] = {
    5: "Spider searched in a compact form with a portfolio",
    6: "Klondike's complete mode; FreeCell's new weights and settled children; portfolio turns by quantum",
    7: "Klondike: a beam search joins the portfolio, and a complete search follows when the pruned moves run out",
    8: "FreeCell: best-first search builds a child only when it takes it (lazy children); the same deals won",
    9: "Klondike: a king may come back from its foundation into an empty column (the complete search left it out)",
    10: "every search runs with the cyclic garbage collector off: about a quarter faster, the same positions",
    11: "Spider: four suits searched deal by deal (a portfolio of phase searches); the complete search keeps the"
    " columns' order while a stock is left",
    12: "Golf: a position whose column cards can never all be laid is left out (each set of ranks counted against"
    " the cards one rank away that could come before them); the same verdicts, about 5 times faster",
    13: "Pyramid: a pair is left out when the pyramid could not be cleared after it even if the stock's and"
    " waste's cards could be paired at any time (that looser game's small space searched and remembered)",
    14: "Spider, four suits: compiled (the same search, about 40 times faster); a round whose phases searched all"
    " they could reach tries one more deal from each instead of repeating itself; the portfolio's two wide members"
    " weigh positions in two other ways",
    15: "Klondike and Canfield: the complete search (after the pruned moves run out, and --prove-lost) goes depth"
    " first, the most promising child first, compiled (the same positions in a fortieth to a hundredth of the time),"
    " so deals the portfolio leaves unknown are proved lost or won",
    16: "FreeCell: the portfolio's second leader weighs depth more than three times as much as the first, which finds"
    " the lines the first is slow to find (Microsoft deals 1-32000 in 17.2 million positions, not 23.6 million;"
    " #14087 won in 5,893); the family's other layouts keep their leaders",
}


def page(doc: Path, lines: list[str], missing: list[str], made: list[int], goal: int, cluster: int) -> str:
    """The page: the table ``lines``, the rows under their goal of ``goal`` deals (``missing``, their
    time on ``cluster`` cores), and what the solver versions that made the rows (``made``) changed."""
    changes = textwrap.fill(" ".join(f"Version {v}: {SOLVER_CHANGES[v]}." for v in made if v in SOLVER_CHANGES), 100)
    intro = f"""# Winnability

Made by `python tools/winnability.py` (now solver version {SOLVER_VERSION}, {platform.python_implementation()}
{platform.python_version()}, one core per deal, on a machine of {os.cpu_count()} cores), row by row: each
row counts every deal of that game and option set in the results file, deals 1 to N of this
collection's deal generator, each solved with all cards known to the solver within the row's
*budget* (seconds and millions of positions a deal, and the seconds of a further complete search of
a deal left unknown, where one was run). *One core's time* is the time the row's deals took, added
up. A deal counts as won only when the solver's line, replayed through the rules, wins it. *Proved
lost* needs a search that leaves out no move that could matter: Yukon's, Golf's, Pyramid's,
Addiction's, TriPeaks', FreeCell's, Scorpion's, Baker's Dozen's and Forty Thieves' searches are
complete; Klondike's, Spider's and Spiderette's are pruned. Klondike's and Spiderette's searches go
on with their complete mode (every move) when the pruned moves run out within the budget, and a
deal of theirs still unknown may be searched again by the complete mode (`--prove-lost`): that
proves some deals lost, most where few moves are open (one redeal), since a whole deal's space is
far too large to exhaust otherwise (Spider's complete mode proves nothing in seconds, so it is not
run here). The interval is the 95 % Wilson score interval of the share won; *unknown* deals may be
won with a larger budget, so the share won is a lower bound. A row with two budgets had the deals
the first left unknown solved again within the second (`--again`). Each line of the results file
names the solver version that made it; a resumed run keeps earlier lines, so the table can mix
versions: its *solver* column says which made each row. A change that searches the same positions
in the same order, only faster, keeps its version (after version 11, Golf's, Pyramid's and TriPeaks'
searches, a fifth to a third faster; after version 13, FreeCell's compiled search; in version 14,
Spider's compiled best-first search of one and two suits): a deal's result then differs only where
its time budget ran out.

{changes}

"""
    if missing:
        missing = [
            "",
            "## Rows under their goal",
            "",
            f"A row's goal is {goal:,} deals, or {10 * goal:,} where a deal takes milliseconds (an interval about",
            "one point wide, not three). What each row would take to reach it, from the mean time of its",
            "deals so far (an unknown deal spends its whole budget), on one core of this machine and on a",
            f"cluster of {cluster} such cores (`--scheduler tcp://HOST:8786`; Dask spreads the deals with no",
            "other cost that matters):",
            "",
            *missing,
        ]
    outro = """

## Compared with published figures

The published figures (Solvitaire: Blake and Gent, *The Winnability of Klondike Solitaire and Many
Other Patience Games*, 2019; Freecell Solver's runs over Microsoft's deals) are for all cards known,
as here, but over many more deals, with far larger budgets, and with other rule details (Solvitaire's
Spider, for one, is the standard game; Pyramid's three passes differ from this collection's redeals).
A share here below a published one is mostly the budget speaking: the unknown deals are those the
solver did not finish. Not always, though: for Klondike with unlimited redeals, many of them are lost.
`tools/klondike_check.py` (the complete search again, in C, about 25 times faster) settles deals the
Python search cannot; [benchmarks.md](benchmarks.md) gives what it found on deals 1-200. No figures
were found for Spider with 1 or 2 suits, Yukon, Addiction, or Klondike with limited redeals.

## Running more deals

The results file (`tools/winnability-results.jsonl`, one JSON line per deal, each naming the solver
version that made it) is appended to as deals finish, so a run can be stopped and started again with
the same command. `--jobs` sets the processes. `--scheduler local` runs the deals on a Dask
distributed LocalCluster of `--jobs` workers here, `--scheduler tcp://HOST:8786` on a running
cluster whose workers have the game installed (`pip install -e '.[cluster]'`); each worker runs
`game.verdict.deal_verdict`, and the results file is the same. A line damaged by a stop or an edit
is named on stderr with its number, left in the file as it is, and its deal solved again. A run on
another results file (`--results FILE`) writes this page only when asked (`--doc`).
"""
    return intro + "\n".join(lines + missing) + kept_section(doc) + outro


HINTS_SECTION = "## Playing by the hints"  # written by tools/bench_hints.py --write: kept as it is


def kept_section(doc: Path) -> str:
    """The section tools/bench_hints.py writes into the page, as the page has it (or nothing)."""
    text = doc.read_text(encoding="utf-8") if doc.exists() else ""
    if HINTS_SECTION not in text:
        return ""
    section = HINTS_SECTION + text.split(HINTS_SECTION, 1)[1].split("\n## ", 1)[0]
    return "\n\n" + section.rstrip("\n")
