"""What the Rules screen shows besides a game's own rules (SPEC CM-14): the controls, common to
every game, and a glossary of card words. Each game's rules are in its record (``guide``); the
words are written for this project and go through the catalogs like every other string."""

from __future__ import annotations

from game.core.i18n import tr

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


def controls() -> list[Section]:
    return [
        (
            tr("Mouse"),
            tr(
                "Click a card to play it where it fits best, or drag it where you want it; a double "
                "click sends a card to its foundation. A right click on a Spider column chooses how "
                "many cards to take."
            ),
        ),
        (
            tr("Touch"),
            tr("Tap, double-tap and drag as with a mouse; a long press on a Spider column opens its panel."),
        ),
        (
            tr("Keys"),
            tr(
                "Arrows move the focus, Enter or Space plays, Esc goes back. U or Ctrl+Z undoes, "
                "Ctrl+Y redoes, H gives a hint, N starts a new deal, F1 shows the rules, F11 switches "
                "to full screen."
            ),
        ),
    ]


def glossary() -> list[Section]:
    return [
        (tr("Column"), tr("A pile on the table, its cards overlapping so that each one shows.")),
        (tr("Foundation"), tr("Where cards are built up by suit, from the ace to the king.")),
        (tr("Stock"), tr("The cards not dealt yet, face down.")),
        (tr("Waste"), tr("Where cards turned from the stock go; its top card can be played.")),
        (tr("Free cell"), tr("A place for any one card (FreeCell).")),
        (tr("Run"), tr("Cards in sequence that move together.")),
        (tr("Redeal"), tr("Turning the waste back into the stock; in Addiction, dealing the loose cards again.")),
        (tr("Gap"), tr("An empty place in Addiction's rows.")),
    ]
