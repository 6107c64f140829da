"""What the Rules screen shows besides a game's own rules (SPEC CM-14): what each way of playing
does in that game (its record's ``controls``) and a glossary of the card words it uses. Each game's
rules are in its record (``guide``); the words are written for this project and go through the
catalogs like every other string. The keys are listed by the Rules screen from the input layer's
own table (``game/input/devices.py``)."""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from game.core.i18n import ptr, tr

Section = tuple[str, str]  # a heading and its paragraph


def goal(text: str) -> Section:
    return (tr("Goal"), text)


def layout(text: str) -> Section:
    return (tr("Layout"), text)


def moves(text: str) -> Section:
    return (tr("Moves"), text)


def stock(text: str) -> Section:
    return (tr("Stock"), text)


def tip(text: str) -> Section:
    return (tr("Tip"), text)


class Controls(NamedTuple):
    """What each way of playing does in one game, for its Rules screen (CM-14: what the game says
    is what it does). Each game's text is written beside the interaction it describes: the build
    games share :func:`build_controls` (``game/play/interaction.py``), the others refine it as
    their taps do (``game/play/policies.py``)."""

    tap: str  # a tap or a click on a card
    double_tap: str
    drag: str
    long_press: str  # a long press or a right click
    enter: str  # Enter or Space on the focused card
    stock_key: str | None  # what D does; None where the game has no stock

    def gestures(self) -> list[Section]:
        return [
            (tr("Tap or click"), self.tap),
            (tr("Double tap or double click"), self.double_tap),
            (tr("Drag"), self.drag),
            (tr("Long press or right click"), self.long_press),
        ]


def same_as_tap() -> str:
    return tr("The same as a tap.")


def turns_the_stock() -> str:
    return tr("Turns the stock, as a tap on it does.")


def build_controls() -> Controls:
    """The build games': a tap selects, a second tap places (CM-2); a double tap sends
    home (CM-3); a long press is a tap (``Interaction.long_press``)."""
    return Controls(
        tap=tr(
            "Selects a card, with the cards on it, and outlines every place it may go with a dotted frame; "
            "a tap on one of them moves it there, a tap on the card again lets it go."
        ),
        double_tap=tr("Sends the card to its foundation, or else to another place it may go."),
        drag=tr(
            "Carries a card, with the cards on it, to the pile you drop it on; where it may not go, it flies "
            "back and the reason is shown."
        ),
        long_press=same_as_tap(),
        enter=tr("Picks up the focused card and outlines its places; on one of them, Enter or Space moves it there."),
        stock_key=None,
    )


def suit_run_controls(stock_key: str | None) -> Controls:
    """The games whose suits leave the table (CM-2: a tap selects and outlines, a second tap places;
    CM-3: a double tap sends a run to its best place); ``stock_key``: what D does, where there is a
    stock."""
    return Controls(
        tap=tr(
            "Selects a card, with the cards on it, and outlines every place it may go with a dotted frame; "
            "a tap on one of them moves it there, a tap on the card again lets it go. Only a run of one "
            "suit moves together."
        ),
        double_tap=tr(
            "Sends the card, with the cards on it, to the best place: where it completes a suit, else onto "
            "its own suit, else onto another suit, else into an empty column."
        ),
        drag=tr(
            "Carries a card, with the cards on it, to the pile you drop it on; where it may not go, it flies "
            "back and the reason is shown."
        ),
        long_press=same_as_tap(),
        enter=tr("Picks up the focused card and outlines its places; on one of them, Enter or Space moves it there."),
        stock_key=stock_key,
    )


def top_card_controls() -> Controls:
    """The Forty Thieves family's (CM-2, CM-3), said of one card: only the top card of a column or
    of the waste moves; D turns the stock."""
    return build_controls()._replace(
        tap=tr(
            "Selects the top card of a column or of the waste and outlines every place it may go with a "
            "dotted frame; a tap on one of them moves it there, a tap on the card again lets it go."
        ),
        drag=tr(
            "Carries the top card of a column or of the waste to the pile you drop it on; where it may not go, "
            "it flies back and the reason is shown."
        ),
        stock_key=turns_the_stock(),
    )


def one_card_in_suit_moves() -> Section:
    """The Forty Thieves family's moves (FT-2, FE-2)."""
    return moves(
        tr(
            "Build the columns down in suit: the 6 of hearts on the 7 of hearts. Only one card moves at a "
            "time, a column's top card or the waste's; an empty column takes any card. Cards on the "
            "foundations stay there."
        )
    )


KINDS_WITH_A_WORD = ("tableau", "foundation", "stock", "waste", "cell", "grid")  # in the glossary's order
RUN, REDEAL = "run", "redeal"  # words that name no pile: a game's record says it uses them
BASE = "base"  # the foundations start from a base rank dealt with the cards, not from the ace


def glossary(kinds: Collection[str], terms: Collection[str]) -> list[Section]:
    """The card words one game uses (CM-14): a word for each kind of pile the game has (its rules'
    ``places``), and the ``terms`` its record names — so a game with no stock has no word for
    one."""
    words = {
        "tableau": (tr("Column"), tr("A pile on the table, its cards overlapping so that each one shows.")),
        "foundation": (tr("Foundation"), tr("Where cards are built up by suit, from the ace to the king.")),
        "stock": (tr("Stock"), tr("The cards not dealt yet, face down.")),
        "waste": (tr("Waste"), tr("Where cards turned from the stock go; its top card can be played.")),
        "cell": (tr("Free cell"), tr("A place that holds any one card.")),
        "grid": (tr("Gap"), tr("An empty place in the rows, which a card can fill.")),
    }
    if BASE in terms:
        built = tr("Where cards are built up by suit from the base rank, the king followed by the ace.")
        words["foundation"] = (tr("Foundation"), built)
    out = [words[kind] for kind in KINDS_WITH_A_WORD if kind in kinds]
    if RUN in terms:
        out.append((tr("Run"), tr("Cards in sequence that move together.")))
    if REDEAL in terms and "waste" in kinds:
        out.append((tr("Redeal"), tr("Turning the waste back into the stock, to go through it again.")))
    elif REDEAL in terms:
        # TRANSLATORS: a redeal that shuffles the cards not in place (ja 配り直し), not a turn of the waste
        heading = ptr("shuffle", "Redeal")
        again = tr("Dealing again the cards not yet in order; each row keeps its sequence from the left.")
        out.append((heading, again))
    return out
