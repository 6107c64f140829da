"""The wheel's packages, found rather than listed: every package under ``game/`` (each game's folder
is one, so a new game needs no line here), and the shipped data, the top-level ``assets/`` and
``seeds/``, as ``game.assets`` and ``game.seeds`` (``pyproject.toml`` maps them). Everything else
about the build is in ``pyproject.toml``."""

from setuptools import find_packages, setup

PACKAGES = [*find_packages(include=["game", "game.*"]), "game.assets", "game.seeds"]

setup(packages=PACKAGES)
