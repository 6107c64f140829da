"""Which game to open: a deal ID, the variant's saved game, or a new deal (by the deal policy of
``game/deals.py``) — and reading a saved game safely, for the start and for the home screen."""

from __future__ import annotations

from game.core.dealid import DealId
from game.core.errors import ParseError
from game.core.i18n import tr
from game.core.variants import variant_spec
from game.deals import RANDOM, new_deal, random_deal
from game.session import SAVE_VERSION, Session
from game.settings import Settings
from game.store import Store


def saved_session(store: Store, variant: str) -> Session | None:
    """The variant's saved game if it can go on (CM-8); None when there is none, when it is won,
    given up or has no move left. A save that does not replay, or holds another game's deal, is
    moved aside and reported."""
    name = f"save-{variant}"
    data = store.read(name, SAVE_VERSION)
    if data is None:
        return None
    try:
        session = Session.from_dict(data)
        if session.deal_id.variant != variant:
            raise ParseError(tr("it holds a {other} deal", other=session.deal_id.variant))
    except ParseError as e:
        store.set_aside(name, str(e))
        return None
    if session.finished or session.over:
        return None
    return session


def opening_session(store: Store, settings: Settings, variant: str | None, deal: DealId | None) -> Session | None:
    """The game to open: the given deal; else the variant's saved game; else, for a named variant,
    a new deal with the remembered options and kind (winnable for a first-time player, KL-11).
    With nothing named and nothing to continue: None (the home screen)."""
    if deal is not None:
        return Session(deal)
    name = variant_spec(variant).name if variant else settings.last_variant
    session = saved_session(store, name)
    if session is not None:
        return session
    if variant is None:
        return None
    options = settings.options_for(name)
    kind = settings.kind_for(name)
    chosen = new_deal(name, options, kind, level=settings.level_for(name))
    return Session(chosen, kind) if chosen is not None else Session(random_deal(name, options), RANDOM)


def left_behind(store: Store, variant: str, game_id: str | None) -> Session | None:
    """The saved game that a new game's first save is about to replace, when it is another game,
    counts for the records (CM-9) and has not ended: it ends now, abandoned or lost."""
    data = store.read(f"save-{variant}", SAVE_VERSION)
    log = data.get("log") if data is not None else None
    if not isinstance(log, dict) or log.get("game_id") in (None, game_id) or log.get("ended") is not None:
        return None
    if log.get("counts") is False:
        return None
    try:
        return Session.from_dict(data) if data is not None else None
    except ParseError:
        return None


class SavedGames:
    """The saved games the home screen offers, each replayed once per version of its file: showing
    the home screen again replays only the saves that changed (a long game costs its replay once,
    not on every visit)."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str], tuple[tuple[int, int], Session | None]] = {}

    def get(self, store: Store, variant: str) -> Session | None:
        key = (str(store.root), variant)
        version = _version(store, variant)
        known = self._known.get(key)
        if known is not None and version is not None and known[0] == version:
            return known[1]
        session = saved_session(store, variant)
        after = _version(store, variant)  # a bad save is moved aside: nothing to remember then
        if after is not None:
            self._known[key] = (after, session)
        else:
            self._known.pop(key, None)
        return session


def _version(store: Store, variant: str) -> tuple[int, int] | None:
    try:
        st = store.path(f"save-{variant}").stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)
