"""UI/installation: the wheel carries the fonts and the seeds, every package is listed, and the
game finds its data through the import system (so it runs from any folder once installed)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from game.resources import data_dir

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_package_of_the_source_is_in_the_wheel_and_nothing_else(monkeypatch):
    """setup.py finds the packages (a game's folder needs no line of its own): the list it hands
    setuptools is every folder of the source with an ``__init__.py``, and the two of data."""
    import runpy

    import setuptools

    given: dict[str, list[str]] = {}
    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: given.update(kwargs))
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(ROOT / "setup.py"))
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "game").rglob("__init__.py")}
    assert "packages" not in CONFIG  # one place lists them
    assert set(given["packages"]) == found | {"game.assets", "game.seeds"}


def test_the_wheel_maps_the_fonts_and_the_seeds_into_the_package():
    assert CONFIG["package-dir"] == {"game.assets": "assets", "game.seeds": "seeds"}
    shipped = {
        name: [p for pattern in patterns for p in (ROOT / CONFIG["package-dir"][name]).glob(pattern)]
        for name, patterns in CONFIG["package-data"].items()
    }
    fonts = {p.name for p in shipped["game.assets"]}
    assert {"NotoSansJP-Subset-Regular.otf", "NotoSansJP-Subset-Bold.otf", "LICENSE.txt"} <= fonts
    assert {"solitaire.pot", "solitaire.po", "solitaire.mo"} <= fonts  # the catalogs (CM-15)
    assert {p.parent.parent.name for p in shipped["game.assets"] if p.suffix == ".mo"} == {"ja", "it"}
    assert {p.name for p in shipped["game.seeds"]} == {p.name for p in (ROOT / "seeds").glob("*.txt")}


def test_the_data_is_found_through_the_import_system():
    assert (data_dir("assets") / "fonts" / "NotoSansJP-Subset-Regular.otf").is_file()
    assert (data_dir("seeds") / "golf.txt").is_file()
