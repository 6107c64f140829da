"""The difficulty of a proved deal (issue 16): 1 to 5 stars from the solver's effort and its winning
line, a fifth of each list per star, the same for a deal on every machine; chosen in the new-deal
dialog (Winnable: easy / medium / hard) and shown on the status bar."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from scene_helpers import click, key, make_app, open_klondike, open_scene

from game.core.dealid import DealId
from game.deals import deal_stars_text, difficulty, new_deal, rated, stars_text
from game.games.index import game_for
from game.play.status import table_status
from game.settings import Settings
from game.solver.difficulty import LEVEL_STARS, Effort, _ranks, effort_of, stars
from game.solver.seeds import SEEDS_DIR, _read, seeds_path
from game.store import Store
from game.view.acts import Choose


@pytest.fixture
def app(tmp_path):
    a = make_app(tmp_path)
    yield a
    a.close()


def test_ranks_share_ties_and_span_zero_to_one():
    assert _ranks([5.0, 1.0, 3.0]) == [1.0, 0.0, 0.5]
    assert _ranks([2.0, 2.0, 1.0, 3.0]) == [0.5, 0.5, 0.0, 1.0]
    assert _ranks([7.0]) == [0.5]


def test_stars_cut_a_list_into_fifths_by_effort_then_length():
    efforts = {n: Effort(nodes=n * 10, moves=100, passes=0) for n in range(1, 101)}
    got = stars(efforts)
    assert Counter(got.values()) == {1: 20, 2: 20, 3: 20, 4: 20, 5: 20}
    assert got[1] == 1 and got[100] == 5 and got == stars(dict(reversed(list(efforts.items()))))
    # the same effort, a longer line: harder
    even = {n: Effort(nodes=1000, moves=n, passes=0) for n in range(1, 11)}
    assert [stars(even)[n] for n in (1, 10)] == [1, 5]


def test_a_deal_not_won_again_is_among_the_hardest():
    efforts: dict[int, Effort | None] = {n: Effort(n, 50, 0) for n in range(1, 10)}
    efforts[1] = None
    assert stars(efforts)[1] == 5


@pytest.mark.parametrize(
    "variant, options",
    [("freecell", {}), ("pyramid", {}), ("golf", {}), ("tripeaks", {"wrap": "off"}), ("tripeaks", {"wrap": "on"})],
)
def test_difficulty_is_deterministic_for_a_deal_and_matches_its_list(variant, options):
    """The effort is bounded by nodes only: solving the deal again gives the figures in the file —
    which also holds a faster search to the same positions in the same order (Golf's, Pyramid's and
    TriPeaks' were made faster without a new solver version: a changed figure here says it must
    have one). Three deals of each list, the quickest of those that take a thousand positions."""
    header, numbers, efforts = _read(seeds_path(variant, options))
    nodes = int(header["budget"].split(" and ")[1].split()[0])
    spec = game_for(variant).solver
    by_effort = sorted((n for n in numbers if efforts[n] is not None), key=lambda n: efforts[n].nodes)
    chosen = [n for n in by_effort if efforts[n].nodes >= 1000][:3] or by_effort[:3]
    for number in chosen:
        deal = DealId.make(variant, number, options)
        first = effort_of(spec, deal, nodes)
        assert first == effort_of(spec, deal, nodes) == efforts[number]
        assert difficulty(deal) == difficulty(DealId.make(variant, number, options)) is not None


@pytest.mark.parametrize("path", sorted(SEEDS_DIR.glob("*.txt")), ids=lambda p: p.stem)
def test_every_proved_list_is_rated_in_fifths(path):
    header, numbers, _ = _read(path)
    assert "rated" in header
    variant, _, rest = path.stem.partition("-")
    deal = DealId.make(variant, numbers[0], dict(_options(variant, rest)))
    got = rated(variant, dict(deal.options))
    assert set(got) == set(numbers)
    counts = Counter(got.values())
    assert set(counts) == {1, 2, 3, 4, 5} and max(counts.values()) - min(counts.values()) <= 1


@pytest.mark.parametrize("path", sorted(SEEDS_DIR.glob("*.txt")), ids=lambda p: p.stem)
def test_every_list_is_rated_or_verified_by_the_current_solver(path):
    """UI-6: the demo plays only deals rated within READY_NODES and searches them within LINE_NODES;
    a solver change that searches differently makes those figures stale (solver v11 left 67 of
    spider-suits4's ready deals with other figures, and the demo's first deal then failed within
    its budget). So each list is rated again or verified by the current solver, deals up to
    READY_NODES at least (tools/rate_seeds.py --verify 50000 NAME, which writes the line)."""
    from game.play.demo import READY_NODES
    from game.solver.api import SOLVER_VERSION

    header, _, _ = _read(path)
    rated_by = int(header["rated"].split(",")[0].removeprefix("solver v"))
    verified = header.get("verified", "")
    verified_by = int(verified.split(",")[0].removeprefix("solver v")) if verified else 0
    verified_up_to = int(verified.split(", ")[1].split()[0]) if verified else 0
    current = rated_by == SOLVER_VERSION or (verified_by == SOLVER_VERSION and verified_up_to >= READY_NODES)
    assert current, (
        f"{path.stem} was rated by solver v{rated_by} (verified: {verified or 'never'}), the solver is now"
        f" v{SOLVER_VERSION}: python tools/rate_seeds.py --verify {READY_NODES} {path.stem}, or rate it again"
    )


def _options(variant: str, rest: str) -> list[tuple[str, str]]:
    out = []
    for part in rest.split("-") if rest else []:
        key = next(o.key for o in game_for(variant).options if part.startswith(o.key))
        out.append((key, part[len(key) :]))
    return out


def test_a_random_or_unknown_deal_has_no_difficulty():
    numbers = set(rated("freecell", {}))
    outside = next(n for n in range(1, 10_000) if n not in numbers)
    assert difficulty(DealId.make("freecell", outside)) is None


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_winnable_deal_of_a_chosen_difficulty(level):
    options = {"draw": "3", "redeals": "unlimited"}
    got = rated("klondike", options)
    for pick in range(0, 500, 37):
        deal = new_deal("klondike", options, "winnable", below=lambda n, p=pick: p % n, level=level)
        assert deal is not None and got[deal.number] in LEVEL_STARS[level]


def test_the_level_is_a_setting_kept_per_game_and_a_bad_one_falls_back(tmp_path):
    store = Store(tmp_path)
    s = Settings()
    s.deal_level["spider"] = "hard"
    s.save(store)
    store.flush()  # settings are written off the frame (UI-11)
    assert Settings.load(store).level_for("spider") == "hard"
    assert Settings.load(store).level_for("klondike") == "any"
    data = store.read("settings", 1)
    assert data is not None
    data["deal_level"] = {"spider": "impossible", "golf": 3}
    store.write("settings", data)
    assert Settings.load(store).level_for("spider") == "any"


def test_the_dialog_offers_easy_medium_hard_and_the_status_bar_shows_the_stars(app):
    scene = open_klondike(app, 3)
    key(app, pygame.K_n)
    dialog = app.stack.top
    levels = [b.action for b in dialog.buttons if isinstance(b.action, Choose) and b.action.name == "level"]
    assert levels == [
        Choose("level", "any"),
        Choose("level", "easy"),
        Choose("level", "medium"),
        Choose("level", "hard"),
    ]
    hard = next(b for b in dialog.buttons if b.action == Choose("level", "hard"))
    click(app, (int(hard.rect.center[0]), int(hard.rect.center[1])), wait=0.05)
    assert dialog.chosen(Choose("level", "hard")) and not dialog.chosen(Choose("level", "easy"))
    deal = next(b for b in dialog.buttons if b.action == "deal")
    click(app, (int(deal.rect.center[0]), int(deal.rect.center[1])), wait=0.05)
    assert app.stack.top is scene
    star = difficulty(scene.session.deal_id)
    assert star in (4, 5) and app.settings.level_for("klondike") == "hard"
    assert table_status(scene.table)[1][-1] == deal_stars_text(star) == f"This deal: {stars_text(star)}"  # CM-17
    key(app, pygame.K_n)  # the dialog now says how hard this deal is, and Random hides the levels
    dialog = app.stack.top
    assert stars_text(star) in " ".join(dialog.lines())
    dialog.act(Choose("kind", "random"))
    assert not any(isinstance(b.action, Choose) and b.action.name == "level" for b in dialog.buttons)


def test_a_deal_typed_in_that_is_not_in_a_list_shows_no_stars(app):
    scene = open_scene(app, "freecell", 11982)  # proved lost: never in a list
    assert difficulty(scene.session.deal_id) is None
    assert not any("★" in part for part in table_status(scene.table)[1])


def test_a_list_not_yet_rated_still_deals_and_offers_no_difficulty(app, tmp_path, monkeypatch):
    """A seeds file of bare numbers (made, not rated yet) reads as before, with no stars; a line
    with a wrong number of figures is refused with its line number."""
    from game.core.errors import ParseError
    from game.solver.seeds import _read

    plain = tmp_path / "plain.txt"
    plain.write_text("# generator: v1\n# solver: v6\n# budget: 1 s and 10 nodes per deal\n3\n8\n", encoding="utf-8")
    header, numbers, efforts = _read(plain)
    assert numbers == (3, 8) and efforts == {3: None, 8: None} and "rated" not in header
    bad = tmp_path / "bad.txt"
    bad.write_text("# generator: v1\n3 100 50\n", encoding="utf-8")
    with pytest.raises(ParseError, match="line 2"):
        _read(bad)
    import game.scenes.new_deal as new_deal_scene

    monkeypatch.setattr(new_deal_scene, "rated", lambda variant, options: {})
    open_klondike(app, 3)
    key(app, pygame.K_n)
    assert not any(isinstance(b.action, Choose) and b.action.name == "level" for b in app.stack.top.buttons)


def test_winnable_is_instant_for_every_option_set_and_every_level():
    """Issue 16: *Winnable* in the new-deal dialog never has to search live: every option set of
    every game has a proved list, rated, so each level gives a deal at once."""
    import itertools

    from game.games.index import GAMES

    for game in GAMES:
        keys = [o.key for o in game.options]
        for values in itertools.product(*(o.values for o in game.options)):
            options = dict(zip(keys, values, strict=True))
            got = rated(game.name, options)
            assert got, (game.name, options)
            for level in ("any", "easy", "medium", "hard"):
                deal = new_deal(game.name, options, "winnable", below=lambda n: n // 2, level=level)
                assert deal is not None, (game.name, options, level)
                assert level == "any" or got[deal.number] in LEVEL_STARS[level]
