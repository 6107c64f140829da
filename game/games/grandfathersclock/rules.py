"""Grandfather's Clock's rules (SPEC GC-1 ... GC-4, as KPat's ``clock.cpp``): one deck; twelve
foundations round a clock face, each started with the card KPat puts at its hour (the nine of
diamonds at twelve o'clock, then one suit and one rank on at each hour round the dial: ten of
spades at one, jack of hearts at two, queen of clubs at three, king of diamonds at four, two of
spades at five and so on to the eight of clubs at eleven; no ace starts a pile); the other forty
cards dealt face up from the end of the shuffled deck onto eight piles in turn, five each (GC-1).
A foundation builds up in suit, a king followed by the ace, and ends on the card of its hour: the
one o'clock pile on the ace, the twelve o'clock pile on the queen (GC-2). On the piles the top card
alone moves, onto a card one rank higher whatever its suit, or onto an empty pile (GC-3). Every
card on the clock wins (GC-4)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import RANK, Card, card, card_symbol_text, card_text
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import MOVE, Event, Move, Moved, PileContents, Variant
from game.rules.pile import BY_HOUR, TABLEAU, TABLEAUS, Pile, PileKind, Role, register_kind
from game.rules.piles import Column, replace_at, shuffled_deck
from game.rules.reasons import not_on
from game.rules.text import TextReader, check_cards, header, read_tableau, tableau_lines

HOURS = 12
COLUMNS = 8
HEIGHT = 5  # GC-1: five cards to each pile
NO_DOWN = (0,) * COLUMNS  # every card face up, always
CLOCK = register_kind(PileKind("clock", Role.FOUNDATION, "h", count=HOURS, layer=2, counted=BY_HOUR)).name
HOUR_PILES = tuple(Pile(CLOCK, i) for i in range(HOURS))  # one o'clock first: h1 ... h12


def hour_of(idx: int) -> int:
    """The hour (1-12) of clock pile ``idx``: ``h1`` is one o'clock, ``h12`` twelve o'clock."""
    return idx + 1


def _starter(hour: int) -> Card:
    """GC-1, KPat's dial: from twelve o'clock round, the suits go diamonds, spades, hearts, clubs
    and the ranks 9, 10, J, Q, K, 2, 3, ..., 8 (the ace skipped)."""
    k = hour % HOURS  # KPat's place on the dial: 0 at twelve o'clock
    suit = (2, 0, 1, 3)[k % 4]  # diamonds, spades, hearts, clubs (this project's suit numbers)
    rank = 9 + k if k < 5 else k - 3
    return card(rank, suit)


STARTERS: tuple[Card, ...] = tuple(_starter(hour_of(i)) for i in range(HOURS))
ENDS: tuple[int, ...] = tuple(hour_of(i) for i in range(HOURS))  # GC-2: the rank each pile ends on
STARTED = frozenset(STARTERS)


def next_card(top: Card) -> Card:
    """The card of ``top``'s suit one rank higher, a king followed by the ace."""
    return top + 1 if RANK[top] < 13 else top - 12


def clock_cards(idx: int, top: Card) -> list[Card]:
    """The cards of clock pile ``idx`` from its starter up to ``top``."""
    out = [STARTERS[idx]]
    while out[-1] != top:
        out.append(next_card(out[-1]))
        if len(out) > 13:
            raise ValueError(f"{card_text(top)} does not lie on the pile of {card_text(STARTERS[idx])}")
    return out


def home_slot(c: Card, clock: tuple[Card, ...]) -> int:
    """The clock pile that takes ``c`` next (GC-2), or -1."""
    for i, top in enumerate(clock):
        if RANK[top] != ENDS[i] and next_card(top) == c:
            return i
    return -1


def full(clock: tuple[Card, ...], idx: int) -> bool:
    """Clock pile ``idx`` ends here: its top card is its hour's rank (GC-2)."""
    return RANK[clock[idx]] == ENDS[idx]


@dataclass(frozen=True, slots=True)
class ClockState:
    tableau: tuple[Column, ...]
    clock: tuple[Card, ...]  # the top card of each hour's pile, one o'clock first (GC-1: never empty)

    @property
    def down(self) -> tuple[int, ...]:
        """No card is ever face down (the shared column rules read a face-down count)."""
        return NO_DOWN


def clock_count(s: ClockState) -> int:
    """The cards on the clock, the twelve it starts with among them (52 wins: GC-4)."""
    return sum(len(clock_cards(i, top)) for i, top in enumerate(s.clock))


class GrandfathersClock(Variant[ClockState]):
    name = "grandfathersclock"
    places = frozenset({*TABLEAUS[:COLUMNS], *HOUR_PILES})

    def deal(self, deal_id: DealId) -> ClockState:
        """GC-1, as KPat: the cards taken from the end of the shuffled deck; each of the twelve a
        clock starts with goes to its hour, every other card to the next of the eight piles in turn."""
        deck = shuffled_deck(deal_id)
        columns: list[list[Card]] = [[] for _ in range(COLUMNS)]
        j = 0
        while deck:
            c = deck.pop()
            if c not in STARTED:
                columns[j].append(c)
                j = (j + 1) % COLUMNS
        return ClockState(tuple(tuple(col) for col in columns), STARTERS)

    def legal_moves(self, s: ClockState) -> list[Move]:
        """GC-2: a top card onto the clock pile that takes it; GC-3: a top card onto a card one rank
        higher, whatever its suit, or onto an empty pile."""
        moves: list[Move] = []
        tableau = s.tableau
        for i, col in enumerate(tableau):
            if not col:
                continue
            c = col[-1]
            slot = home_slot(c, s.clock)
            if slot >= 0:
                moves.append(Move(MOVE, TABLEAUS[i], HOUR_PILES[slot]))
            rank = RANK[c]
            for j, dst in enumerate(tableau):
                if j != i and (not dst or RANK[dst[-1]] == rank + 1):
                    moves.append(Move(MOVE, TABLEAUS[i], TABLEAUS[j]))
        return moves

    def _perform(self, s: ClockState, m: Move, events: list[Event] | None) -> ClockState:
        i = m.src.idx
        c = s.tableau[i][-1]
        tableau = replace_at(s.tableau, i, s.tableau[i][:-1])
        clock = s.clock
        if m.dst.kind == CLOCK:
            clock = clock[: m.dst.idx] + (c,) + clock[m.dst.idx + 1 :]
        else:
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + (c,))
        if events is not None:
            events.append(Moved(m.src, m.dst, (c,)))
        return ClockState(tableau, clock)

    def explain(self, s: ClockState, m: Move) -> str:
        if m.kind != MOVE or m.src.kind != TABLEAU or m.dst.kind not in (TABLEAU, CLOCK):
            return tr("Cards move from a column to another column or to a foundation.")
        if m.src == m.dst:
            return tr("The cards are already there.")
        col = s.tableau[m.src.idx]
        if not col:
            return tr("That column is empty.")
        if m.size != 1:
            return tr("Only the top card can move.")
        c = col[-1]
        if m.dst.kind == CLOCK:
            idx = m.dst.idx
            if full(s.clock, idx):
                return tr("This foundation is complete: it ends on its hour.")
            return not_on(c, s.clock[idx], tr("A foundation builds up in suit, a king followed by the ace."))
        target = s.tableau[m.dst.idx]
        return not_on(c, target[-1], tr("A card goes on a card exactly one rank higher."))

    def is_won(self, s: ClockState) -> bool:
        """GC-4: every card on the clock, so no pile holds one."""
        return not any(s.tableau)

    def piles(self, s: ClockState) -> PileContents:
        out: PileContents = {TABLEAUS[i]: (col, 0) for i, col in enumerate(s.tableau)}
        for i, top in enumerate(s.clock):
            out[HOUR_PILES[i]] = (tuple(clock_cards(i, top)), 0)
        return out

    def lift_reason(self, s: ClockState, pile: Pile, index: int) -> str | None:
        if pile.kind == CLOCK:
            return tr("Cards on the foundations stay there.")
        return None if index == len(s.tableau[pile.idx]) - 1 else tr("Only the top card can move.")

    def is_certain(self, s: ClockState) -> bool:
        """CM-5: every pile's cards lie so that each goes home before any card under it: read from
        the top, each needs its clock pile only up to cards already above it or home."""
        clock = list(s.clock)
        tops = [len(col) for col in s.tableau]
        moved = True
        while moved:
            moved = False
            for i, col in enumerate(s.tableau):
                while tops[i]:
                    slot = home_slot(col[tops[i] - 1], tuple(clock))
                    if slot < 0:
                        break
                    clock[slot] = col[tops[i] - 1]
                    tops[i] -= 1
                    moved = True
        return not any(tops)

    def collect_move(self, s: ClockState) -> Move | None:
        for i, col in enumerate(s.tableau):
            if col:
                slot = home_slot(col[-1], s.clock)
                if slot >= 0:
                    return Move(MOVE, TABLEAUS[i], HOUR_PILES[slot])
        return None

    def seen(self, s: ClockState) -> frozenset[object]:
        """Every card: all are face up from the deal."""
        return frozenset(range(52))

    def to_text(self, s: ClockState) -> str:
        lines = header(self.spec, [])
        for i, top in enumerate(s.clock):
            lines.append(f"hour{hour_of(i)}: {' '.join(card_text(c) for c in clock_cards(i, top))}")
        lines += tableau_lines(s.tableau, NO_DOWN)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> ClockState:
        r = TextReader(text, self.spec)
        clock: list[Card] = []
        for i in range(HOURS):
            key = f"hour{hour_of(i)}"
            cards = r.face_up(key)
            want = clock_cards(i, STARTERS[i])
            while len(want) < len(cards) and RANK[want[-1]] != ENDS[i]:
                want.append(next_card(want[-1]))
            if not cards or cards != want[: len(cards)]:
                start = card_symbol_text(STARTERS[i])
                raise ParseError(f"'{key}' builds up in suit from {card_text(STARTERS[i])} ({start}) to rank {ENDS[i]}")
            clock.append(cards[-1])
        tableau, _ = read_tableau(r, COLUMNS, face_down=False)
        r.finish()
        every = [c for col in tableau for c in col]
        every += [c for i, top in enumerate(clock) for c in clock_cards(i, top)]
        check_cards(every, Counter(range(52)))
        return ClockState(tableau, tuple(clock))
