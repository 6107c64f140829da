"""The shape of the code, checked: no import cycles among the game's modules, imports point the
right way, modules stay small, and every game is one complete record."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from game.core.variants import VARIANTS
from game.games.index import GAMES, game_for
from game.rules.registry import all_rules

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The game modules ``path`` imports, anywhere in it, except under ``if TYPE_CHECKING:``; an
    ``importlib.import_module("game....")`` of a name written out counts as an import (issue 37: the
    pile module imported the registry that way, a cycle the test could not see)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for child in node.body for n in ast.walk(child)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("game")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game"):
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}
        elif (
            isinstance(node, ast.Call)
            and ast.unparse(node.func).endswith("import_module")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and str(node.args[0].value).startswith("game")
        ):
            found.add(str(node.args[0].value))
    return found


MODULES = {module_name(p): p for p in GAME.rglob("*.py")}


@functools.cache
def graph() -> dict[str, set[str]]:
    """Each game module's imports of game modules: parsed once, by the first test that asks (not
    while the tests are collected, in every process of the run)."""
    return {name: {m for m in imports_of(path) if m in MODULES and m != name} for name, path in MODULES.items()}


def test_no_import_cycles_among_the_games_modules():
    """A package's __init__ importing its own modules is not a cycle; anything else is."""
    edges = {
        a: {b for b in bs if not (MODULES[a].name == "__init__.py" and b.startswith(a + "."))}
        for a, bs in graph().items()
    }
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                cycle = stack[stack.index(nxt) :] + [nxt]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name)


# (importer prefix, forbidden prefixes): the direction of the arrows (see README, Layout)
RULES = [
    ("game.core", ("game.rules", "game.solver", "game.hints", "game.play", "game.games", "game.view", "game.scenes")),
    (
        "game.rules",
        ("game.solver", "game.hints", "game.play", "game.games", "game.view", "game.scenes", "game.session"),
    ),
    ("game.solver", ("game.hints", "game.play", "game.games", "game.view", "game.scenes", "game.session")),
    ("game.hints", ("game.play", "game.games", "game.view", "game.scenes", "game.session")),
    ("game.play", ("game.view", "game.scenes", "game.app", "game.games")),  # a record hands play what it needs
    ("game.games", ("game.scenes", "game.app", "game.session", "game.view")),
    ("game.settings", ("game.view", "game.scenes", "game.app")),
    ("game.view", ("game.scenes", "game.app", "game.solver", "game.games", "game.session", "game.play")),
    ("game.input", ("game.scenes", "game.app", "game.solver", "game.rules")),
    ("game.scenes", ("game.solver",)),  # scenes know nothing of how a solver searches
    ("game.deals", ("game.scenes", "game.view", "game.app")),
    ("game.records", ("game.scenes", "game.view", "game.app", "game.solver", "game.play", "game.deals", "game.launch")),
    (
        "game.speech",
        ("game.view", "game.scenes", "game.app", "game.solver", "game.platform", "game.session", "game.games"),
    ),
    ("game.session", ("game.scenes", "game.view", "game.solver", "game.games", "game.app")),
    # UI-12: the machine's services under everything; the entries (cli, web) start the app over it
    (
        "game.platform",
        (
            "game.app",
            "game.cli",
            "game.web",
            "game.navigation",
            "game.launch",
            "game.scenes",
            "game.store",
            "game.view",
        ),
    ),
]


# A game's folder holds modules of every layer; each stands where its role puts it (a game's rules
# are rules, its hints are hints...). A module of a role not listed here is a record's helper.
ROLE_LAYER = {
    "rules": "game.rules",
    "problem": "game.solver",
    "solver": "game.solver",
    "fast": "game.solver",
    "bounds": "game.solver",
    "notation": "game.solver",
    "hints": "game.hints",
    "interaction": "game.play",
    "scene": "game.scenes",
}
FOLDERS = {spec.name for spec in VARIANTS}


def layered(name: str) -> str:
    """The module's name as its layer sees it: ``game.games.yukon.rules`` is ``game.rules.yukon``."""
    parts = name.split(".")
    if len(parts) >= 4 and parts[:2] == ["game", "games"] and parts[2] in FOLDERS:
        layer = ROLE_LAYER.get(parts[3].lstrip("_"), "game.games")
        return f"{layer}.{parts[2]}"
    return name


def test_every_module_of_a_games_folder_has_a_layer():
    """Each module of a game's folder is named by its role, so the arrows below can place it."""
    known = set(ROLE_LAYER) | {"record", "__init__"}
    for spec in VARIANTS:
        for path in (GAME / "games" / spec.name).glob("*.py"):
            role = path.stem if path.stem in known else path.stem.lstrip("_")
            assert role in known, f"{path}: name it by its role ({sorted(known)})"


@pytest.mark.parametrize("importer, forbidden", RULES, ids=[r[0] for r in RULES])
def test_imports_point_the_right_way(importer, forbidden):
    wrong = [
        f"{name} imports {m}"
        for name, deps in graph().items()
        if layered(name) == importer or layered(name).startswith(importer + ".")
        for m in deps
        if layered(m).startswith(forbidden)
    ]
    assert not wrong, wrong


def test_scenes_never_import_another_scene_to_switch():
    """The app changes scenes; a scene module imports only the scene base, the table (or the demo)
    it builds on and the panels it opens over itself."""
    allowed = {"game.scenes.base", "game.scenes.table", "game.scenes.demo"}  # what a scene builds on
    allowed |= {
        "game.scenes.panels",
        "game.scenes.new_deal",
        "game.scenes.segment",
        "game.scenes.deal_entry",
    }  # overlays
    allowed |= {"game.scenes.toolbar"}  # the table's toolbar, which its subclasses extend
    allowed |= {"game.scenes.table_drag", "game.scenes.table_paint", "game.scenes.table_verdict"}  # the table's parts
    allowed |= {"game.scenes.home_grid", "game.scenes.home_tile", "game.scenes.home_list"}  # the home screen's parts
    allowed |= {"game.scenes.table_speech", "game.scenes.table_keys"}  # its voice (CM-19) and keys (CM-18)
    allowed |= {"game.scenes.table_focus"}  # where the focus goes by keys and after a card leaves (CM-18, CM-19)
    allowed |= {"game.scenes.controls"}  # every screen's controls (CM-18, CM-19), not a scene
    allowed |= {"game.scenes.focus_keys"}  # the one focus by keys of every screen (CM-18), not a scene
    for name, deps in graph().items():
        if name.startswith("game.scenes."):
            others = {m for m in deps if m.startswith("game.scenes.") and m not in allowed}
            assert not others, (name, others)


def test_no_module_is_over_400_lines():
    long = {name: n for name, path in MODULES.items() if (n := len(path.read_text().splitlines())) > 400}
    assert not long, long


def test_every_variant_is_one_complete_record():
    """Every deal variant has its rules and its record, and the record's parts agree with them."""
    assert [g.name for g in GAMES] == [v.name for v in VARIANTS]
    assert set(all_rules()) == {v.name for v in VARIANTS}
    for v in VARIANTS:
        game = game_for(v.name)
        state = game.rules.deal(__import__("game.core.dealid", fromlist=["DealId"]).DealId.make(v.name, 1))
        spec = game.table(state)
        drawn = {slot.pile for row in spec.rows for slot in row if slot.pile is not None} | set(spec.side)
        assert drawn <= set(game.rules.piles(state)), v.name  # the table draws only piles the rules have
        assert game.title() and game.blurb() and 1 <= game.stars(game.defaults()) <= 4
        for alias in v.aliases:
            assert game_for(alias) is game


def test_ui7_the_app_starts_without_loading_any_search_or_hint_code():
    """The solver and the hints load when a hint, a winnable deal or a demo first needs them."""
    import os
    import subprocess
    import sys

    code = (
        "import sys, game.cli, game.app; "
        "print(' '.join(m for m in sys.modules if m.startswith(('game.hints', 'game.solver.'))))"
    )
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    out = run.stdout.split()
    # the seeds lists and their difficulty (reading numbers) are all that loads
    assert sorted(out) == ["game.solver.difficulty", "game.solver.seeds"], out


def every_import_of(path: Path) -> set[str]:
    """The modules ``path`` imports, ``if TYPE_CHECKING:`` blocks included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_no_scene_imports_the_app_even_for_its_types():
    """A scene knows its host (game/scenes/host.py), the few services it asks for, never the app:
    not even under TYPE_CHECKING, where the app used to serve as a service locator's type."""
    knowing = {
        name
        for name, path in MODULES.items()
        if name.startswith("game.scenes.") and "game.app" in every_import_of(path)
    }
    knowing |= {"game.kioskmode", "game.navigation"} & {
        n for n, p in MODULES.items() if "game.app" in every_import_of(p)
    }
    assert not knowing, knowing


def test_pile_kinds_are_data_no_view_or_hint_names_a_games_own_kind():
    """The layout, the sprites, the table view and the hints read a pile's kind (its role, layer,
    text form), never a game's own kind by name (``"pyramid"``, ``"grid"``): a new game with a kind
    of its own (a reserve, peaks) needs none of them changed."""
    for area in ("game/view", "game/hints/base.py", "game/solver/sampling.py"):
        for path in sorted((ROOT / area).rglob("*.py")) if (ROOT / area).is_dir() else [ROOT / area]:
            text = path.read_text(encoding="utf-8")
            for name in ('"pyramid"', '"grid"', "PYRAMID", "GRID_CELLS", "_KIND_ORDER"):
                assert name not in text, (path.name, name)


NAMES = sorted((v.name for v in VARIANTS), key=len, reverse=True)


def names_in(line: str) -> set[str]:
    """The games a line of code names (any case, with or without hyphens and underscores: ``Tri-Peaks``,
    ``TRIPEAKS_BONUS``, ``Baker's Dozen``, ``Mod 3``); a name inside a longer game's name does not count (Spider in
    Spiderette, Grandfather in Grandfather's Clock)."""
    flat = re.sub(r"'s\s+", "s", line.lower().replace("-", "").replace("_", ""))
    flat = re.sub(r"(?<=[a-z]) (?=[0-9])", "", flat)  # "Mod 3"
    found = set()
    for name in NAMES:  # the longest first, each blanked out once found
        if name in flat:
            found.add(name)
            flat = flat.replace(name, " ")
    return found


@functools.cache
def lines_naming_games() -> list[tuple[Path, int, str, set[str]]]:
    """Every line under ``game/`` that names a game, with the games it names: read once for all the
    games' tests."""
    out = []
    for path in sorted(GAME.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if named := names_in(line):
                out.append((path, number, line, named))
    return out


@pytest.mark.parametrize("spec", VARIANTS, ids=[v.name for v in VARIANTS])
def test_a_game_is_named_only_in_its_own_folder_and_its_variants_line(spec):
    """Issue 37: everything that knows a game is in its folder, ``game/games/NAME/``. Its name
    appears nowhere else under ``game/`` — not in a shared module, not in a comment —
    but on its one line of ``VARIANTS``; and its folder names no other game."""
    folder = GAME / "games" / spec.name
    assert (folder / "rules.py").is_file() and (folder / "record.py").is_file(), folder
    found = []
    for path, number, line, named in lines_naming_games():
        if folder in path.parents:
            found += [f"{path.relative_to(ROOT)}:{number} names {n}" for n in sorted(named - {spec.name})]
        elif spec.name in named and not (path.name == "variants.py" and f'"{spec.name}"' in line):
            found.append(f"{path.relative_to(ROOT)}:{number}")
    assert not found, found
