"""The games' compact search problems agree with the rules: Golf's moves are exactly the rules'
moves and the positions it leaves out as hopeless are lost, Pyramid never leaves out a pair the
rules allow unless the position it leads to is lost (and those it leaves out are lost), and
Klondike's talon moves reach exactly the cards the stock's turns and redeals bring up."""

from __future__ import annotations

import random

import pytest
from helpers import cards, klondike_endgame, solve_position

from game.core.cards import NO_CARD, RANK, RED, parse_card
from game.core.dealid import DealId
from game.games.golf.rules import Golf, GolfState
from game.games.golf.solver import GolfProblem
from game.games.klondike.problem import TALON, KlondikeProblem
from game.games.klondike.rules import Klondike, KlondikeState
from game.games.klondike.solver import to_rules_moves
from game.games.pyramid.rules import COVERED_BY, Pyramid, PyramidState
from game.games.pyramid.solver import PyramidProblem
from game.rules.base import DRAW, MOVE, RECYCLE
from game.rules.pile import NO_PILE, WASTE
from game.solver.engine import Shape, Status
from game.solver.spec import SolverSpec, single


def _walk(rules, state, steps: int, rng: random.Random):
    """Random legal play: the positions met on the way."""
    out = [state]
    for _ in range(steps):
        moves = rules.legal_moves(state)
        if not moves:
            break
        state = rules.play(state, rng.choice(moves))
        out.append(state)
    return out


def _golf_view(p: GolfProblem, node: int) -> tuple[int, int, int]:
    """Column heights, the waste top's rank and the stock cards left: what a position means."""
    return node & ((1 << 21) - 1), node >> 26, len(p.stock) - (node >> 21 & 31)


def _pyramid_view(p: PyramidProblem, node: int) -> tuple[int, list[int], list[int], int]:
    """Pyramid cards gone, the waste's and the stock's ranks, passes done."""
    used, at = node >> 28 & ((1 << 24) - 1), node >> 52 & 31
    left = [(i, r) for i, r in enumerate(p.deck) if not used >> i & 1]
    return node & ((1 << 28) - 1), [r for i, r in left if i < at], [r for i, r in left if i >= at], node >> 57


@pytest.mark.parametrize("number", [1, 2, 3])
def test_go2_golf_solver_moves_are_the_rules_moves(number):
    """GO-2, GO-3: in every position met, the solver's moves are exactly the legal moves, and
    each leads where the rules' move leads."""
    rules = Golf()
    for s in _walk(rules, rules.deal(DealId.make("golf", number)), 40, random.Random(number)):
        p = GolfProblem(s)
        mine = {line[0]: child for line, child in p.moves(p.start())}
        assert set(mine) == set(rules.legal_moves(s))
        for m, child in mine.items():
            after = GolfProblem(rules.play(s, m))
            assert _golf_view(p, child) == _golf_view(after, after.start())


def test_go2_golf_hopeless_positions_are_lost():
    """GO-2: a position the search leaves out as hopeless (more column cards of some ranks than
    cards one rank away could ever precede) is lost: the search without that check proves the first
    three such positions of a random game of deals 2-5 lost (the first ones, whose spaces are the
    largest), and a position it checks on sight has no moves left in."""
    rules = Golf()
    for number in (2, 3, 4, 5):
        met = _walk(rules, rules.deal(DealId.make("golf", number)), 60, random.Random(number))
        hopeless = [s for s in met if GolfProblem(s).is_hopeless(GolfProblem(s).start())]
        assert hopeless, f"deal {number}'s walk met no hopeless position"
        for s in hopeless[:1]:
            assert _exhausted_without_check(s), rules.to_text(s)
    # three sevens on the columns and nothing beside them left but the waste's eight
    sevens = GolfState((cards("7S"), cards("7H"), cards("7D")) + ((),) * 4, (), cards("8C"))
    assert GolfProblem(sevens).lines(GolfProblem(sevens).start()) == []


def _exhausted_without_check(s: GolfState) -> bool:
    """Every position reachable from ``s`` searched, none leading to a win (no position left out)."""

    class Unchecked(GolfProblem):
        def is_hopeless(self, node: int) -> bool:
            return False

    spec = SolverSpec(single(lambda state, complete: Unchecked(state), depth_first=True))
    return spec.make(s, 5_000_000, 60.0, True).run().status is Status.UNSOLVABLE


def _covering(k: int) -> set[int]:
    """The slots that must go before slot k is free."""
    out: set[int] = set()
    for c in COVERED_BY[k]:
        out |= {c} | _covering(c)
    return out


def _some_card_has_no_partner(s: PyramidState) -> bool:
    """A pyramid card (not a king) with no card left that could ever be its partner: a card of
    the right rank in the stock or the waste, or in the pyramid but neither covering it nor
    under it."""
    for k, c in enumerate(s.pyramid):
        if c == NO_CARD or RANK[c] == 13:
            continue
        want = 13 - RANK[c]
        loose = any(RANK[d] == want for d in s.stock + s.waste)
        others = any(
            d != NO_CARD and RANK[d] == want and j not in _covering(k) and k not in _covering(j)
            for j, d in enumerate(s.pyramid)
        )
        if not loose and not others:
            return True
    return False


def _loose_game_can_win(s: PyramidState) -> bool:
    """The pyramid can be cleared if every stock and waste card may be paired at any time, each
    once: written plainly, as an independent check of LooseStock."""
    loose = sorted(RANK[c] for c in s.stock + s.waste)
    pyramid = [RANK[c] if c != NO_CARD else 0 for c in s.pyramid]
    lost: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()

    def win(pyramid: list[int], loose: list[int]) -> bool:
        if not any(pyramid):
            return True
        key = (tuple(pyramid), tuple(loose))
        if key in lost:
            return False
        free = [k for k in range(28) if pyramid[k] and not any(pyramid[c] for c in COVERED_BY[k])]
        for a in free:
            for b in free:
                pair = (a == b and pyramid[a] == 13) or (a < b and pyramid[a] + pyramid[b] == 13)
                if pair and win([0 if k in (a, b) else r for k, r in enumerate(pyramid)], loose):
                    return True
            if 13 - pyramid[a] in loose:
                rest = list(loose)
                rest.remove(13 - pyramid[a])
                if win([0 if k == a else r for k, r in enumerate(pyramid)], rest):
                    return True
        lost.add(key)
        return False

    return win(pyramid, loose)


@pytest.mark.parametrize("number", [1, 5, 8])
def test_py2_pyramid_solver_leaves_out_only_lost_pairs(number):
    """PY-2, PY-3, PY-5: every legal pair, draw and redeal is there, except pairs after which some
    card could never find a partner, or the pyramid could not be cleared even if the stock's and
    waste's cards could be paired at any time; a free king is removed alone."""
    rules = Pyramid()
    for s in _walk(rules, rules.deal(DealId.make("pyramid", number)), 60, random.Random(number)):
        p = PyramidProblem(s)
        mine = {line[0]: child for line, child in p.lines(p.start())}
        legal = {rules.normalise(m) for m in rules.legal_moves(s)}
        kings = {m for m in legal if m.dst == NO_PILE}
        if not _loose_game_can_win(s):
            assert not mine
            continue
        if kings:
            assert len(mine) == 1 and set(mine) <= kings
            continue
        assert set(mine) <= legal
        for m in legal - set(mine):
            after = rules.play(s, m)
            assert _some_card_has_no_partner(after) or not _loose_game_can_win(after), m
        for m, child in mine.items():
            after = PyramidProblem(rules.play(s, m))
            assert _pyramid_view(p, child) == _pyramid_view(after, after.start())


def test_py6_pyramid_positions_the_looser_game_cannot_win_are_lost():
    """PY-6: a position left out because even a stock paired at will could not clear the pyramid
    is lost in the real game too: the search without that check proves the first such position
    of a random game of each of deals 2-5 lost (the first, whose space is the largest)."""
    rules = Pyramid()

    class NeverLost:
        def can_win(self, gone: int, loose: int) -> bool:
            return True

    class Unchecked(PyramidProblem):
        def __init__(self, state: PyramidState) -> None:
            super().__init__(state)
            self.loose_stock = NeverLost()  # type: ignore[assignment]  (the shared one stays as it is)

    spec = SolverSpec(single(lambda state, complete: Unchecked(state), depth_first=True))
    for number in (2, 3, 4, 5):
        met = _walk(rules, rules.deal(DealId.make("pyramid", number)), 60, random.Random(number))
        hopeless = [s for s in met if not _loose_game_can_win(s)]
        assert hopeless, f"deal {number}'s walk met no position the looser game cannot win"
        for s in hopeless[:1]:
            assert spec.make(s, 3_000_000, 60.0, True).run().status is Status.UNSOLVABLE, rules.to_text(s)


def test_py5_pyramid_looser_game_is_shared_while_the_pyramid_only_loses_cards():
    """PY-5: the looser game's verdicts do not depend on the stock's order, so a position's
    arrangements of the stock, and the positions after it, share one; a position with a card
    back (an undo, another deal) gets its own, whose verdicts are its pyramid's."""
    from game.games.pyramid.bounds import loose_stock_for

    rules = Pyramid()
    s = rules.deal(DealId.make("pyramid", 9))
    first = PyramidProblem(s).loose_stock
    shuffled = PyramidState(s.pyramid, tuple(reversed(s.stock)), s.waste, s.recycles)
    assert PyramidProblem(shuffled).loose_stock is first
    later = next(t for t in _walk(rules, s, 40, random.Random(9)) if NO_CARD in t.pyramid)
    assert PyramidProblem(later).loose_stock is first
    other = rules.deal(DealId.make("pyramid", 10))
    assert PyramidProblem(other).loose_stock is not first
    pyramid = tuple(RANK[c] for c in s.pyramid)
    assert loose_stock_for(pyramid) is first and loose_stock_for(pyramid[:-1] + (0,)) is first


def test_py3_pyramid_card_whose_only_partner_lies_under_it_is_lost():
    """PY-3: a 7 covering the only 6 left can never be paired: proved lost at once."""
    pyramid = [NO_CARD] * 28
    pyramid[0], pyramid[1] = parse_card("6H"), parse_card("7S")  # slot 1 covers slot 0
    s = PyramidState(tuple(pyramid), cards("2S"), (), 2)
    p = PyramidProblem(s)
    assert p.dead(p.start() & ((1 << 28) - 1), 0)
    result = solve_position("pyramid", s, max_nodes=10)
    assert result.status is Status.UNSOLVABLE and result.stats.nodes <= 2  # the deal, one turn


def _reachable_by_turning(s: KlondikeState) -> set[int]:
    """The cards the stock's turns and redeals bring to the waste's top, by playing them."""
    rules = Klondike()
    out = {s.waste[-1]} if s.waste else set()
    seen = set()
    while True:
        moves = {m.kind: m for m in rules.legal_moves(s) if m.kind in (DRAW, RECYCLE)}
        if not moves:
            return out
        s = rules.play(s, moves.get(DRAW) or moves[RECYCLE])
        marker = (len(s.waste), s.recycles if s.redeal_limit is not None else 0)
        if marker in seen:
            return out
        seen.add(marker)
        if s.waste:
            out.add(s.waste[-1])


@pytest.mark.parametrize(
    "options",
    [{"draw": "1"}, {"draw": "3"}, {"draw": "3", "redeals": "1"}, {"draw": "1", "redeals": "3"}],
)
def test_kl5_kl6_talon_moves_reach_what_the_turns_reach(options):
    """KL-5, KL-6: the solver's one-move talon plays reach exactly the cards the stock's turns and
    the redeals left would bring to the waste's top; each play, written out as the rules' turns and
    redeals, is legal and ends with that card moved."""
    rules = Klondike()
    rng = random.Random(7)
    for number in range(1, 4):
        for s in _walk(rules, rules.deal(DealId.make("klondike", number, options)), 80, rng)[::7]:
            p = KlondikeProblem(s)
            node = p.start()
            reach = {node.talon[j] for j, _, _ in p.reachable(node)}
            assert reach == _reachable_by_turning(s)
            for m, _ in p.successors(node):
                if m.src == TALON:
                    line = to_rules_moves(s, [m])
                    assert line[-1].kind == MOVE and line[-1].src.kind == WASTE
                    assert all(x.kind in (DRAW, RECYCLE) for x in line[:-1])


COMES_BACK_DOWN = """variant: klondike
options: draw=1 redeals=unlimited
score: 0
recycles: 0
stock:
waste:
foundation1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS
foundation2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH
foundation3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD
foundation4: AC 2C 3C 4C 5C 6C
tableau1: KC QH JS
tableau2:
tableau3: #QC QS JD TC
tableau4: #KD #JC 9C
tableau5: #KH #7C 8C
tableau6: KS QD
tableau7:
"""


def test_kl7_klondike_solver_takes_cards_back_from_the_foundations_when_that_wins():
    """KL-7: here the 10 of diamonds must come back onto the jack of spades to take the 9 of clubs
    (and the jack must not be sent home first, although both red tens are home)."""
    s = Klondike().parse(COMES_BACK_DOWN)
    result = solve_position("klondike", s, max_nodes=20_000)
    assert result.status is Status.SOLVED
    assert any(m.src.kind == "foundation" for m in result.moves)


KING_COMES_BACK = """variant: klondike
options: draw=1 redeals=unlimited
score: 0
recycles: 0
stock:
waste:
foundation1: AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS
foundation2: AH 2H 3H 4H 5H 6H 7H 8H 9H TH
foundation3: AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD
foundation4: AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC
tableau1: #JH QH
tableau2: KH
tableau3:
tableau4:
tableau5:
tableau6:
tableau7:
"""


@pytest.mark.parametrize("complete", [False, True])
def test_kl7_klondike_solver_brings_a_king_back_into_an_empty_column(complete):
    """KL-3, KL-7: the only win takes a black king off its foundation into an empty column, so that
    the queen of hearts can move off the jack. The complete search once left that move out, and so
    "proved" this position lost."""
    s = Klondike().parse(KING_COMES_BACK)
    result = solve_position("klondike", s, max_nodes=10_000, complete=complete)
    assert result.status is Status.SOLVED
    assert result.moves[0].src.kind == "foundation"


def _small_endgame(rng: random.Random) -> KlondikeState:
    """A Klondike position late in a game: foundations half built, the other cards in columns
    (face-up parts in order) and in the talon."""
    home = [rng.randint(6, 11) for _ in range(4)]
    rest = [13 * suit + r - 1 for suit in range(4) for r in range(home[suit] + 1, 14)]
    rng.shuffle(rest)
    cols, downs = [], []
    for _ in range(7):
        if not rest or rng.random() < 0.15:
            cols.append(())
            downs.append(0)
            continue
        d = rng.randint(0, min(3, len(rest) - 1))
        col = [rest.pop() for _ in range(d + 1)]
        while rng.random() < 0.6:
            fits = [c for c in rest if RANK[c] == RANK[col[-1]] - 1 and RED[c] != RED[col[-1]]]
            if not fits:
                break
            col.append(fits[0])
            rest.remove(fits[0])
        cols.append(tuple(col))
        downs.append(d)
    at = rng.randint(0, len(rest))
    draw, limit = rng.choice([(1, None), (3, None), (1, 1), (3, 2)])
    foundations = tuple(13 * suit + h - 1 for suit, h in enumerate(home))
    return KlondikeState(
        tuple(cols), tuple(downs), tuple(reversed(rest[at:])), tuple(rest[:at]), foundations, draw, limit, 0, 0
    )


def test_kl2_klondike_solver_misses_no_win_in_small_endgames():
    """KL-2 ... KL-7: on small endgames, whatever a search over every legal move wins, the
    solver (which leaves some moves out) wins too."""
    from game.rules.registry import rules_for
    from game.solver.engine import Search
    from game.solver.problems import RulesProblem

    rules = rules_for("klondike")

    def key(s: KlondikeState):
        cols = tuple(sorted(zip(s.down, s.tableau, strict=True)))
        return (cols, s.stock, s.waste, tuple(sorted(s.foundations)), s.recycles)

    rng = random.Random(2026)
    wins = 0
    for _ in range(24):
        s = _small_endgame(rng)
        every_move = Search(RulesProblem(rules, s, key, lambda s, d: 0.0), 20_000, depth_first=True).run()
        if every_move.status is Status.SOLVED:
            wins += 1
            assert solve_position("klondike", s, max_nodes=20_000).status is Status.SOLVED, rules.to_text(s)
    assert wins >= 12


class _PyramidWithoutShortcuts(PyramidProblem):
    """The same search with no position cut for having been met earlier."""

    def _fresh(self, children):
        return children


def test_py5_pyramid_cuts_only_positions_met_earlier():
    """PY-5: cutting the positions whose cards were met earlier (fewer passes, fewer cards turned)
    changes no verdict: on positions of deals played at random, the search with the cuts and the
    search without them agree whenever both finish."""
    from game.solver.engine import Search

    rules = Pyramid()
    agreed = 0
    for number in range(1, 13):
        rng = random.Random(number)
        for s in _walk(rules, rules.deal(DealId.make("pyramid", number)), 40, rng)[10::10]:
            with_cuts = Search(PyramidProblem(s), 60_000, depth_first=True).run().status
            without = Search(_PyramidWithoutShortcuts(s), 60_000, depth_first=True).run().status
            if Status.UNKNOWN not in (with_cuts, without):
                assert with_cuts is without, rules.to_text(s)
                agreed += 1
    assert agreed >= 20


class _Line:
    """A toy problem: positions 0 ... n-1 in a line, each leading to the next two; a goal or not."""

    shape = Shape()

    def __init__(self, n: int, goal: int, complete: bool, score_sign: float) -> None:
        self.n, self.goal, self.complete, self.sign = n, goal, complete, score_sign

    def start(self) -> int:
        return 0

    def key(self, node: int) -> int:
        return node

    def is_goal(self, node: int) -> bool:
        return node == self.goal

    def successors(self, node: int) -> list[tuple[str, int]]:
        return [(f"+{k}", node + k) for k in (1, 2) if node + k < self.n]

    def safe_move(self, node: int) -> None:
        return None

    def score(self, node: int, depth: int) -> float:
        return self.sign * node


def test_a_portfolio_stops_when_one_member_has_searched_everything():
    """The members search the same positions: once one has seen them all, the others stop too,
    and the verdict is the member's (UNSOLVABLE only from moves that leave nothing out)."""
    from game.solver.engine import Search
    from game.solver.portfolio import Portfolio

    for complete, verdict in ((True, Status.UNSOLVABLE), (False, Status.UNKNOWN)):
        quick = Search(_Line(50, -1, complete, 1.0), 10_000, depth_first=True)
        slow = Search(_Line(50, -1, complete, -1.0), 10_000)
        portfolio = Portfolio([quick, slow])
        assert portfolio.run().status is verdict
        assert quick.exhausted and not slow.exhausted and slow.stats.nodes < 50
    won = Portfolio([Search(_Line(50, 49, False, 1.0), 10_000), Search(_Line(50, 49, False, -1.0), 10_000)]).run()
    assert won.status is Status.SOLVED and won.moves


def test_kl2_klondike_complete_search_agrees_with_every_move_on_small_endgames():
    """Issue 16: the complete mode leaves nothing out, so it proves losses: on small endgames it
    finds a win exactly when a search over every legal move does, and it proves lost exactly the
    endgames that search exhausts without a win. 5,000 positions each: forty endgames, 34 of them
    settled both ways (26 won, 8 lost); a budget of 20,000 settled 27 of thirty, at three times
    the cost, spent on the few that neither search settles."""
    from game.games.klondike.solver import SOLVER
    from game.rules.registry import rules_for
    from game.solver.engine import Search
    from game.solver.problems import RulesProblem

    rules = rules_for("klondike")

    def key(s: KlondikeState):
        cols = tuple(sorted(zip(s.down, s.tableau, strict=True)))
        return (cols, s.stock, s.waste, tuple(sorted(s.foundations)), s.recycles)

    rng = random.Random(16)
    verdicts: dict[Status, int] = {}
    for _ in range(40):
        s = klondike_endgame(rng, None, 0)  # no redeal left
        every_move = Search(RulesProblem(rules, s, key, lambda s, d: 0.0), 5_000, depth_first=True).run()
        complete = SOLVER.make(s, 5_000, None, True).run()
        if Status.UNKNOWN in (every_move.status, complete.status):
            continue
        assert complete.status is every_move.status, rules.to_text(s)
        verdicts[complete.status] = verdicts.get(complete.status, 0) + 1
    assert verdicts.get(Status.SOLVED, 0) >= 20 and verdicts.get(Status.UNSOLVABLE, 0) >= 6, verdicts


def test_kl2_a_klondike_deal_proved_lost_by_the_complete_search_only():
    """Draw 3 with one redeal, deal 5: within 20,000 positions the pruned portfolio can only say
    "unknown"; the complete search runs out of positions within the same budget and proves it lost."""
    from game.core.dealid import DealId
    from game.games.klondike.solver import SOLVER
    from game.rules.registry import start

    _, s = start(DealId.make("klondike", 5, {"draw": "3", "redeals": "1"}))
    assert SOLVER.make(s, 20_000, None, False).run().status is Status.UNKNOWN
    assert SOLVER.make(s, 20_000, None, True).run().status is Status.UNSOLVABLE
