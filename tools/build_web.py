"""Build the game for a browser with pygbag, offline (SPEC UI-12; README, "In a browser").

    python tools/build_web.py                      # -> build/web/index.html, favicon.png, solitaire.apk
    python -m http.server --directory build/web    # then open http://localhost:8000/

Steps:

1. **Stage** the folder pygbag packs (``build/web-stage/solitaire``): ``tools/web/main.py`` at its top,
   ``game/``, ``assets/`` and ``seeds/`` beside it, as a checkout has them (``game/resources.py``
   finds ``assets/`` and ``seeds/`` beside the package when they are not installed inside it), and
   ``tools/web/pygbag.ini``, which names what pygbag leaves out, and BudouX's modules with its Japanese
   model (the line breaker's phrases; the runtime installs nothing). Caches and the catalogs' sources
   (``.po``, ``.pot``: the game reads the compiled ``.mo``) are not copied.
2. **Pack** with pygbag (``python -m pygbag --build``, run in the staged folder, where it reads
   ``pygbag.ini``): ``solitaire.apk`` (a zip of the staged folder, under ``assets/``), the page
   from this project's template (``tools/web/index.tmpl``) and the icon (drawn here: the window's).
   With the template and the icon given as files, pygbag fetches nothing; ``--no_opt`` keeps it
   from re-encoding the sounds and images with whatever tools the machine has.
3. **Copy** the page, its icon and the packed game into ``build/web``, and with ``--runtime DIR``
   the runtime too.

The page loads pygbag's runtime — its loader (``pythons.js``), CPython compiled to WebAssembly
(``cpython312/main.js``, ``main.wasm``, ``main.data``) and pygame-ce's wheel — from the address
``--cdn`` gives (pygbag's own by default). ``--runtime DIR`` copies a runtime folder laid out as
pygbag's is into ``build/web/cdn/`` and points the page there: the whole game is then served from
one place, with no other server needed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "tools" / "web"
OUT = ROOT / "build" / "web"
STAGE = ROOT / "build" / "web-stage"
APP = "solitaire"  # the staged folder's name: pygbag names the packed game and the page's bundle by it
PACKED = ("game", "assets", "seeds")  # with main.py, everything the page needs
PAGE = ("index.html", "favicon.png", f"{APP}.apk")  # what the page is served from, besides the runtime
NOT_PACKED = shutil.ignore_patterns("__pycache__", "*.pyc", "*.po", "*.pot", ".*")
PYBUILD = "3.12"  # the CPython of pygbag 0.9's runtime (its pygame-ce wheel is built for it)
RUNTIME_FOLDER = "cdn"  # where --runtime puts the runtime, beside index.html
TITLE = "Solitaire"  # the page's title until the game names it (SDL sets it from the window's caption)


class BuildError(Exception):
    """The build could not be made: said in one line, with pygbag's log where it has one."""


def has_pygbag() -> bool:
    return importlib.util.find_spec("pygbag") is not None


def stage(folder: Path, root: Path = ROOT) -> Path:
    """Lay out the folder pygbag packs, under ``folder``, anew; returns it."""
    app = folder / APP
    if app.exists():
        shutil.rmtree(app)
    app.mkdir(parents=True)
    shutil.copy2(WEB / "main.py", app / "main.py")
    shutil.copy2(WEB / "pygbag.ini", app / "pygbag.ini")
    for name in PACKED:
        shutil.copytree(root / name, app / name, ignore=NOT_PACKED)
    stage_budoux(app)
    return app


def stage_budoux(app: Path) -> None:
    """BudouX (Japanese phrase boundaries for line breaks, pure Python) beside ``game/``: pygbag's
    runtime has no package index, so the installed copy's modules and its Japanese model go into
    the packed folder. Without it the game still wraps Japanese, at any legal character."""
    spec = importlib.util.find_spec("budoux")
    if spec is None or spec.origin is None:
        print("note: budoux is not installed; the page breaks Japanese lines at any character", file=sys.stderr)
        return
    source = Path(spec.origin).parent
    (app / "budoux" / "models").mkdir(parents=True)
    for name in ("__init__.py", "parser.py", "html_processor.py", "utils.py", "skip_nodes.json", "models/ja.json"):
        if (source / name).exists():
            shutil.copy2(source / name, app / "budoux" / name)
    for licence in source.parent.glob("budoux-*.dist-info/licenses/LICENSE"):  # Apache-2.0: its text goes along
        shutil.copy2(licence, app / "budoux" / "LICENSE")


def draw_icon(path: Path) -> Path:
    """The page's icon: the window's (a card with a spade), drawn by the game itself, so there is
    no image to keep in step and nothing to fetch."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window: the icon is drawn on a surface
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.platform.display import window_icon

    pygame.font.init()
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(window_icon(), str(path))
    return path


def pygbag_command(app: Path, icon: Path, cdn: str | None) -> list[str]:
    """pygbag's command line for the staged folder ``app`` (its last argument)."""
    command = [sys.executable, "-m", "pygbag", "--build", "--no_opt"]
    command += ["--template", str(WEB / "index.tmpl"), "--icon", str(icon)]
    command += ["--PYBUILD", PYBUILD, "--title", TITLE, "--ume_block", "0", "--can_close", "0"]
    if cdn is not None:
        command += ["--cdn", cdn]
    return [*command, str(app)]


def pack(app: Path, icon: Path, cdn: str | None) -> Path:
    """Run pygbag on the staged folder; returns the folder it built (``app/build/web``)."""
    if not has_pygbag():
        raise BuildError("pygbag is not installed: pip install pygbag==0.9.3 (or the project's [test] extras)")
    log = app.parent / "pygbag.log"
    with log.open("w", encoding="utf-8") as out:
        done = subprocess.run(
            pygbag_command(app, icon, cdn),
            cwd=app,  # pygbag reads pygbag.ini from the folder it runs in
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONIOENCODING": "utf-8"},
            timeout=600,
            check=False,
        )
    built = app / "build" / "web"
    missing = [name for name in PAGE if not (built / name).is_file()]
    if done.returncode != 0 or missing:
        tail = "\n".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:])
        raise BuildError(f"pygbag failed (exit {done.returncode}, missing {missing}); {log}:\n{tail}")
    page = (built / "index.html").read_text(encoding="utf-8")
    if "{{cookiecutter." in page:
        raise BuildError("the page still has a placeholder pygbag did not fill in: see tools/web/index.tmpl")
    return built


def publish(built: Path, out: Path, runtime: Path | None) -> None:
    """``out`` anew, with the page, its icon and the packed game (not the tarball pygbag also
    makes, which the page never asks for) and, if given, the runtime folder under ``cdn/``."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for name in PAGE:
        shutil.copy2(built / name, out / name)
    if runtime is not None:
        shutil.copytree(runtime, out / RUNTIME_FOLDER)


def check_runtime(runtime: Path) -> None:
    """The files the page asks the runtime folder for before the game's own: its loader, its
    Python start-up, the file system, and CPython for WebAssembly (``cpython312/``)."""
    digits = PYBUILD.replace(".", "")
    wanted = [
        "pythons.js",
        "cpythonrc.py",
        "browserfs.min.js",
        *(f"cpython{digits}/main.{x}" for x in ("js", "wasm", "data")),
    ]
    missing = [name for name in wanted if not (runtime / name).is_file()]
    if missing:
        raise BuildError(f"the runtime folder {runtime} lacks {', '.join(missing)}")


def build(out: Path = OUT, work: Path = STAGE, cdn: str | None = None, runtime: Path | None = None) -> Path:
    """The whole build; returns ``out`` (its index.html, the packed game, the icon)."""
    if runtime is not None:
        check_runtime(runtime)
        cdn = f"{RUNTIME_FOLDER}/"  # beside the page: the loader makes it absolute from its own address
    app = stage(work)
    icon = draw_icon(work / "favicon.png")
    built = pack(app, icon, cdn)
    publish(built, out, runtime)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the game for a browser with pygbag (README, 'In a browser').")
    parser.add_argument("--out", type=Path, default=OUT, help="where the page goes (default: build/web)")
    parser.add_argument("--work", type=Path, default=STAGE, help="where the packed folder is laid out")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--cdn", help="the address of pygbag's runtime, ending in / (default: pygbag's own)")
    where.add_argument("--runtime", type=Path, help="a pygbag runtime folder to serve beside the page")
    args = parser.parse_args(argv)
    try:
        out = build(args.out, args.work, args.cdn, args.runtime)
    except BuildError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    files = sorted(p.name for p in out.iterdir())
    print(f"{out}: {', '.join(files)}")
    print(f"serve it: python -m http.server --directory {out} 8000  (then open http://localhost:8000/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
