"""How the game looks and moves, chosen in Settings (SPEC UI-9): the deck, the table's colour, the
card back, reduced motion and the left-handed layout. Pure data — no pygame — so the layout's
geometry can read it too. One current look for the whole app, like the current language: the app
sets it from the settings and lays every scene out again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

CLASSIC, FOUR_COLOUR, LARGE_PRINT = "classic", "four-colour", "large-print"
DECKS = (CLASSIC, FOUR_COLOUR, LARGE_PRINT)
TABLES = ("green", "blue", "dark")
BACKS = ("blue", "red", "green")

Colour = tuple[int, int, int]

# the felt: its lit centre and its edge
FELTS: dict[str, tuple[Colour, Colour]] = {
    "green": ((16, 92, 60), (10, 62, 40)),
    "blue": ((24, 74, 128), (14, 44, 84)),
    "dark": ((44, 47, 52), (22, 24, 27)),
}
# a back's ground and its lattice
BACK_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "blue": ((28, 58, 110), (70, 110, 170)),
    "red": ((128, 26, 38), (184, 74, 84)),
    "green": ((22, 86, 58), (72, 146, 108)),
}
LARGE_INDEX = 1.5  # the large-print deck's corner index, in ordinary indices
LARGEST_INDEX = 0.36  # ... never more of the card's height than this: a 10 and its suit must fit across


@dataclass(frozen=True)
class Look:
    deck: str = CLASSIC
    table: str = "green"
    back: str = "blue"
    reduced_motion: bool = False
    left_handed: bool = False

    def checked(self) -> Look:
        """The same look with any unknown value (an old or hand-edited setting) at its default."""
        d = Look()
        return replace(
            self,
            deck=self.deck if self.deck in DECKS else d.deck,
            table=self.table if self.table in TABLES else d.table,
            back=self.back if self.back in BACKS else d.back,
        )

    @property
    def index_scale(self) -> float:
        return index_scale(self.deck)


def index_scale(deck: str) -> float:
    """How much larger than the classic deck's a deck's corner index is (UI-9: the large-print
    deck's; its cards are the classic deck's size, so only the fans' steps follow it)."""
    return LARGE_INDEX if deck == LARGE_PRINT else 1.0


SCREENS: dict[str, Colour] = {"green": (14, 70, 46), "blue": (18, 54, 96), "dark": (30, 32, 36)}

_current = [Look()]


def look() -> Look:
    return _current[0]


def set_look(new: Look) -> None:
    _current[0] = new.checked()


def screen_colour() -> Colour:
    """The ground of the screens that are not a table (home, Records, History): the table's hue."""
    return SCREENS[look().table]
