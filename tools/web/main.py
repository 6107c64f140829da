# /// script
# dependencies = ["pygame-ce"]
# ///
"""The browser build's entry point (SPEC UI-12): ``tools/build_web.py`` puts this file at the top
of the folder it packs, beside ``game/``, ``assets/`` and ``seeds/``. pygbag's page runs it as a
script: it must define ``async def main()`` and end with ``asyncio.run(main())``, and whatever it
runs must await every frame — the game's loop does (``game/loop.py``, ``run_async``).

The block above tells pygbag which packages to install into the page before this runs (PEP 723):
pygame-ce, the only one the game needs outside the standard library.
"""

import asyncio


async def main() -> None:
    from game.web import play  # imported here: the page shows its progress bar meanwhile

    await play()


asyncio.run(main())
