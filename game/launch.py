"""Starting the game: which game to open (a deal ID, the saved game, or a new deal) and the window."""

from __future__ import annotations

from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.core.variants import variant_spec
from game.scenes.panels import random_deal
from game.session import SAVE_VERSION, Session
from game.settings import Settings
from game.store import Store

PLAYABLE = ("klondike", "spider", "freecell", "pyramid", "golf", "yukon", "addiction")


def scene_class(variant: str) -> type:
    from game.scenes.addiction import AddictionScene
    from game.scenes.freecell import FreeCellScene
    from game.scenes.golf import GolfScene
    from game.scenes.klondike import KlondikeScene
    from game.scenes.pyramid import PyramidScene
    from game.scenes.spider import SpiderScene
    from game.scenes.yukon import YukonScene

    scenes = {
        "klondike": KlondikeScene,
        "spider": SpiderScene,
        "freecell": FreeCellScene,
        "yukon": YukonScene,
        "golf": GolfScene,
        "pyramid": PyramidScene,
        "addiction": AddictionScene,
    }
    if variant not in scenes:
        raise ParseError(
            tr(
                "{name} cannot be played in a window yet (only {ok} for now); "
                "`python -m game deal {name}` prints its deals.",
                name=variant,
                ok=", ".join(PLAYABLE),
            )
        )
    return scenes[variant]


def opening_session(store: Store, settings: Settings, variant: str | None, deal: DealId | None) -> Session | None:
    """The game to open: the given deal; else the variant's saved game (CM-8); else, for a named
    variant, a new deal with the remembered options. With nothing named and nothing to continue:
    None (the home screen). A saved game that does not replay is moved aside and reported."""
    if deal is not None:
        return Session(deal)
    name = variant_spec(variant).name if variant else settings.last_variant
    data = store.read(f"save-{name}", SAVE_VERSION)
    if data is not None:
        try:
            session = Session.from_dict(data)
            if not session.finished and session.deal_id.variant == name and name in PLAYABLE:
                return session
        except ParseError as e:
            store.set_aside(f"save-{name}", str(e))
    if variant is None:
        return None
    return Session(random_deal(name, settings.options_for(name)))
