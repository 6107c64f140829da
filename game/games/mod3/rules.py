"""Mod 3's rules (SPEC MO-1 ... MO-4, as KPat's ``mod3.cpp``): two decks; three rows of eight
building piles, a fourth row of eight playing piles, an aces pile and the stock. The deal takes
the cards from the top of the shuffled stock (the end of the list) onto the 32 places row by row,
left to right, all face up (MO-1). A building pile of the first row builds 2-5-8-J, of the second
3-6-9-Q, of the third 4-7-10-K, each in the suit of its first card: an empty one takes only its
row's first rank, and a pile whose first card is not its row's first rank (as dealt) takes
nothing. The top card of any pile of the four rows moves to the building pile that takes it, or
into an empty place of the fourth row; an ace goes to the aces pile, where it stays (MO-2). When a
card leaves the fourth row and its place is empty, the stock's top card fills it at once (as
KPat's ``cardsMoved`` does), so an empty place of the fourth row stays empty only once the stock
is used up. A tap on the stock deals one card onto each place of the fourth row, left to right
(MO-3). The game is won when the stock and the fourth row are empty: every card but the aces
built in the top three rows (MO-4)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from game.core.cards import RANK, RANK_LETTERS, Card
from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.rules.base import DEAL, DEAL_MOVE, MOVE, Dealt, Event, Move, Moved, PileContents, Variant
from game.rules.pile import STOCK_PILE, TABLEAU, TABLEAUS, Pile, PileKind, Role, register_kind
from game.rules.piles import Column, replace_at, shuffled_deck
from game.rules.reasons import not_on
from game.rules.text import TextReader, cards_field, check_cards, header, tableau_lines

ROWS = 3  # MO-1: three rows of building piles
WIDTH = 8  # eight places to a row
BUILDS = ROWS * WIDTH
COLUMNS = 8  # the fourth row
DECK = tuple(range(52)) * 2  # MO-1: two decks; the two copies of a card are interchangeable
STOCK_SIZE = len(DECK) - BUILDS - COLUMNS  # 72: nine deals of eight
LENGTH = 4  # a building pile complete: 2-5-8-J, 3-6-9-Q, 4-7-10-K
BUILD = register_kind(PileKind("build", Role.FOUNDATION, "b", count=BUILDS, layer=2, rows=(WIDTH,) * ROWS)).name
BUILD_PILES = tuple(Pile(BUILD, i) for i in range(BUILDS))  # row after row: b1.1 ... b3.8


def _aces_pile_word() -> str:
    return tr("aces pile")


# MO-2: the aces leave play there (a discard pile by its role, the aces pile by its name)
ACES = register_kind(PileKind("aces", Role.DISCARD, "a", layer=4, said=_aces_pile_word)).name
ACES_PILE = Pile(ACES)
NO_DOWN = (0,) * COLUMNS


def base_rank(row: int) -> int:
    """The rank a building pile of ``row`` (0-2) starts from: 2, 3 or 4."""
    return row + 2


def row_of(rank: int) -> int:
    """The row (0-2) whose building piles take a card of ``rank`` (2-13)."""
    return (rank - 2) % ROWS


def proper(pile: Column, row: int) -> bool:
    """The pile is a building pile's sequence begun at its row's rank: each card the one of its
    suit three ranks above the card under it."""
    if not pile or RANK[pile[0]] != base_rank(row):
        return False
    return all(pile[k] == pile[k - 1] + 3 and RANK[pile[k - 1]] <= 10 for k in range(1, len(pile)))


def takes(pile: Column, row: int, c: Card) -> bool:
    """MO-2: the building pile ``pile`` of ``row`` takes ``c`` next."""
    if not pile:
        return RANK[c] == base_rank(row)
    top = pile[-1]
    return c == top + 3 and RANK[top] <= 10 and RANK[pile[0]] == base_rank(row)


def complete(pile: Column, row: int) -> bool:
    return len(pile) == LENGTH and proper(pile, row)


@dataclass(frozen=True, slots=True)
class Mod3State:
    builds: tuple[Column, ...]  # the 24 building piles, row after row, bottom card first
    tableau: tuple[Column, ...]  # the fourth row, every card face up
    aces: Column  # the aces pile
    stock: Column  # top card last: dealt and used to fill first

    @property
    def down(self) -> tuple[int, ...]:
        """No card on the table is ever face down (the shared column rules read this)."""
        return NO_DOWN


def started(pile: Column, row: int) -> bool:
    """The building pile starts from its row's rank (so, built by the rules, it is a sequence;
    else it holds one dealt card that starts none)."""
    return bool(pile) and RANK[pile[0]] == row + 2


def built_count(s: Mod3State) -> int:
    """Cards built in sequences on the top three rows (96 wins, with the eight aces)."""
    return sum(len(p) for i, p in enumerate(s.builds) if started(p, i // WIDTH))


def dealt_cards(stock: Column) -> Column:
    """MO-3: the cards the next deal takes, in the order of the places they land on (the top first)."""
    n = min(COLUMNS, len(stock))
    return tuple(stock[len(stock) - 1 - j] for j in range(n))


def openings(builds: tuple[Column, ...]) -> tuple[list[list[int]], dict[Card, list[int]]]:
    """MO-2, what the building piles take: each row's empty piles (its first rank, any suit), and
    the piles each card goes onto next (the card of the suit three ranks above a sequence's top)."""
    empty: list[list[int]] = [[], [], []]
    wanted: dict[Card, list[int]] = {}
    for j, pile in enumerate(builds):
        row = j // WIDTH
        if not pile:
            empty[row].append(j)
        elif RANK[pile[-1]] <= 10 and RANK[pile[0]] == row + 2:
            wanted.setdefault(pile[-1] + 3, []).append(j)
    return empty, wanted


def source_cards(s: Mod3State) -> list[tuple[Pile, Card]]:
    """Every card that may move: the top card of each pile of the four rows."""
    out = [(BUILD_PILES[i], p[-1]) for i, p in enumerate(s.builds) if p]
    out += [(TABLEAUS[i], col[-1]) for i, col in enumerate(s.tableau) if col]
    return out


class Mod3(Variant[Mod3State]):
    name = "mod3"
    places = frozenset({*BUILD_PILES, *TABLEAUS[:COLUMNS], ACES_PILE, STOCK_PILE})

    def deal(self, deal_id: DealId) -> Mod3State:
        """MO-1, as KPat's ``restart``: the top card of the stock onto each of the 32 places, row by
        row, left to right; the other 72 stay in the stock."""
        deck = shuffled_deck(deal_id, DECK)
        builds = tuple((deck.pop(),) for _ in range(BUILDS))
        tableau = tuple((deck.pop(),) for _ in range(COLUMNS))
        return Mod3State(builds, tableau, (), tuple(deck))

    def legal_moves(self, s: Mod3State) -> list[Move]:
        """MO-2: aces to the aces pile first, then every card onto a building pile that takes it,
        then every card into an empty place of the fourth row; MO-3: the deal last. None once won."""
        if self.is_won(s):
            return []
        moves: list[Move] = []
        sources = source_cards(s)
        empty_builds, wanted = openings(s.builds)
        for src, c in sources:
            rank = RANK[c]
            if rank == 1:
                moves.append(Move(MOVE, src, ACES_PILE))
                continue
            for j in empty_builds[row_of(rank)] if rank <= 4 else ():
                if BUILD_PILES[j] != src:
                    moves.append(Move(MOVE, src, BUILD_PILES[j]))
            for j in wanted.get(c, ()):
                if BUILD_PILES[j] != src:
                    moves.append(Move(MOVE, src, BUILD_PILES[j]))
        empty = [TABLEAUS[j] for j, col in enumerate(s.tableau) if not col]
        if empty:
            for src, _ in sources:
                moves += [Move(MOVE, src, dst) for dst in empty if dst != src]
        return moves + self.stock_moves(s)

    def stock_moves(self, s: Mod3State) -> list[Move]:
        """MO-3: a deal while the stock has cards."""
        return [DEAL_MOVE] if s.stock else []

    def _perform(self, s: Mod3State, m: Move, events: list[Event] | None) -> Mod3State:
        builds, tableau, aces, stock = s.builds, s.tableau, s.aces, s.stock
        if m.kind == DEAL:
            dealt = dealt_cards(stock)
            tableau = tuple(col + (dealt[j],) if j < len(dealt) else col for j, col in enumerate(tableau))
            if events is not None:
                events.append(Dealt(TABLEAUS[: len(dealt)], dealt, some=len(dealt) < COLUMNS))
            return Mod3State(builds, tableau, aces, stock[: -len(dealt)])
        i = m.src.idx
        if m.src.kind == TABLEAU:
            c = tableau[i][-1]
            tableau = replace_at(tableau, i, tableau[i][:-1])
        else:
            c = builds[i][-1]
            builds = replace_at(builds, i, builds[i][:-1])
        if m.dst.kind == ACES:
            aces += (c,)
        elif m.dst.kind == TABLEAU:
            tableau = replace_at(tableau, m.dst.idx, tableau[m.dst.idx] + (c,))
        else:
            builds = replace_at(builds, m.dst.idx, builds[m.dst.idx] + (c,))
        if events is not None:
            events.append(Moved(m.src, m.dst, (c,)))
        if m.src.kind == TABLEAU and not tableau[i] and stock:  # KPat's cardsMoved: the place filled at once
            tableau = replace_at(tableau, i, (stock[-1],))
            if events is not None:
                events.append(Dealt((TABLEAUS[i],), (stock[-1],), some=True))
            stock = stock[:-1]
        return Mod3State(builds, tableau, aces, stock)

    def explain(self, s: Mod3State, m: Move) -> str:
        if m.kind == DEAL:
            return tr("No cards are left to deal.")
        if m.kind == MOVE and m.src == STOCK_PILE:
            return tr("Tap the stock to deal a card onto each place of the fourth row.")
        if m.kind == MOVE and m.src == ACES_PILE:
            return tr("The aces stay on their pile.")
        if m.kind == MOVE and m.dst == STOCK_PILE:
            return tr("Cards cannot be put back on the stock.")
        if m.kind != MOVE or m.src.kind not in (BUILD, TABLEAU) or m.dst.kind not in (BUILD, TABLEAU, ACES):
            return tr("A card moves from the four rows to a pile of the top three rows, the fourth row or the aces.")
        if m.src == m.dst:
            return tr("The cards are already there.")
        cards = self.piles(s)[m.src][0]
        if not cards:
            return tr("That pile is empty.")
        if m.size != 1:
            return tr("Only the top card can move.")
        c = cards[-1]
        if m.dst.kind == ACES:
            return tr("Only aces go to the aces pile.")
        if m.dst.kind == TABLEAU:
            return tr("A card goes into the fourth row only on an empty place.")
        if RANK[c] == 1:
            return tr("An ace goes to the aces pile.")
        row = m.dst.idx // WIDTH
        pile = s.builds[m.dst.idx]
        if not pile:
            return tr("An empty place of this row takes only a {rank}.", rank=base_rank(row))
        if RANK[pile[0]] != base_rank(row):
            return tr("Nothing builds on this card: its row starts from a {rank}.", rank=base_rank(row))
        if complete(pile, row):
            return tr("This pile is complete.")
        rule = (
            tr("This row builds 2, 5, 8, J in one suit."),
            tr("This row builds 3, 6, 9, Q in one suit."),
            tr("This row builds 4, 7, 10, K in one suit."),
        )[row]
        return not_on(c, pile[-1], rule)

    def purpose(self, s: Mod3State, m: Move) -> str | None:
        """A hint's and the demo's words for Mod 3's piles: its building piles are not foundations
        and its aces are not thrown away."""
        if m.kind != MOVE:
            return None
        if m.dst.kind == ACES:
            return tr("Aces go to the aces pile.")
        if m.dst.kind == BUILD:
            return tr("This card goes onto the building pile of its row.")
        if m.src.kind == BUILD and not started(s.builds[m.src.idx], m.src.idx // WIDTH):
            return tr("This frees a building place for the card that starts its row.")
        if m.src.kind == BUILD:
            return tr("This moves a card off a building pile into an empty place of the fourth row.")
        return tr("This moves a card into an empty place of the fourth row.")

    def is_won(self, s: Mod3State) -> bool:
        """MO-4: nothing left in the stock or the fourth row (so all 96 cards but the aces are
        built: a stray card on a building pile would leave room for fewer)."""
        return not s.stock and not any(s.tableau)

    def piles(self, s: Mod3State) -> PileContents:
        out: PileContents = {BUILD_PILES[i]: (p, 0) for i, p in enumerate(s.builds)}
        for i, col in enumerate(s.tableau):
            out[TABLEAUS[i]] = (col, 0)
        out[ACES_PILE] = (s.aces, 0)
        out[STOCK_PILE] = (s.stock, len(s.stock))
        return out

    def lift_reason(self, s: Mod3State, pile: Pile, index: int) -> str | None:
        if pile == STOCK_PILE:
            return tr("Tap the stock to deal a card onto each place of the fourth row.")
        if pile == ACES_PILE:
            return tr("The aces stay on their pile.")
        cards = self.piles(s)[pile][0]
        return None if index == len(cards) - 1 else tr("Only the top card can move.")

    def seen(self, s: Mod3State) -> frozenset[object]:
        """The stock's places dealt so far (its order is fixed: place k of the stock is the same
        card however the game went). Every other card is face up from the deal."""
        return frozenset(("s", k) for k in range(len(s.stock), STOCK_SIZE))

    # -- text -----------------------------------------------------------------------------------

    def to_text(self, s: Mod3State) -> str:
        lines = header(self.spec, [])
        lines.append(f"stock: {cards_field(s.stock, len(s.stock))}".rstrip())
        lines.append(f"aces: {cards_field(s.aces)}".rstrip())
        for i, p in enumerate(s.builds):
            lines.append(f"{build_key(i)}: {cards_field(p)}".rstrip())
        lines += tableau_lines(s.tableau)
        return "\n".join(lines) + "\n"

    def parse(self, text: str) -> Mod3State:
        r = TextReader(text, self.spec)
        stock, _ = r.cards("stock", all_down=True)
        if len(stock) > STOCK_SIZE:
            raise ParseError(f"the stock holds at most {STOCK_SIZE} cards, not {len(stock)}")
        aces = r.face_up("aces")
        if any(RANK[c] != 1 for c in aces):
            raise ParseError("'aces' holds only aces")
        builds: list[Column] = []
        for i in range(BUILDS):
            pile = tuple(r.face_up(build_key(i)))
            row = i // WIDTH
            if len(pile) > 1 and not proper(pile, row):
                raise ParseError(f"'{build_key(i)}' builds {sequence_text(row)} in one suit (or holds one dealt card)")
            builds.append(pile)
        tableau = tuple(tuple(r.face_up(f"tableau{i + 1}")) for i in range(COLUMNS))
        r.finish()
        every = stock + aces + [c for p in builds for c in p] + [c for col in tableau for c in col]
        check_cards(every, Counter(DECK))
        return Mod3State(tuple(builds), tableau, tuple(aces), tuple(stock))


def build_key(i: int) -> str:
    """``build2.5``: the fifth building pile of the second row, as the text form names it."""
    return f"build{i // WIDTH + 1}.{i % WIDTH + 1}"


def sequence_text(row: int) -> str:
    """``2-5-8-J``: the ranks a building pile of ``row`` holds, in the text form's letters."""
    return "-".join(RANK_LETTERS[base_rank(row) + 3 * k - 1] for k in range(LENGTH))
