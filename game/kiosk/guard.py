"""What keeps a kiosk a kiosk, as plain logic fed with times (UI-5): how long nobody has touched
it, the hidden exit gesture (five taps in the top-left corner within three seconds), the PIN with
a lock-out after three wrong ones, and the operator's key chord."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.kiosk.config import KioskConfig

CORNER = 0.08  # of the shorter side: the corner square that counts the taps
TAPS = 5
TAPS_WITHIN = 3.0
WRONG_PINS = 3
LOCKOUT = 60.0  # seconds, doubled at each further lock-out


@dataclass
class Guard:
    config: KioskConfig
    last_input: float = 0.0
    _taps: list[float] = field(default_factory=list)
    _wrong: int = 0
    _lockouts: int = 0
    locked_until: float = 0.0

    # -- idle ---------------------------------------------------------------------------------------

    def touched(self, now: float) -> None:
        self.last_input = now

    def idle_for(self, now: float) -> float:
        return now - self.last_input

    # -- the hidden gesture -------------------------------------------------------------------------

    def corner_tap(self, pos: tuple[float, float], size: tuple[int, int], now: float) -> bool:
        """A press at ``pos``: True when it completes the gesture (then the PIN is asked)."""
        side = min(size) * CORNER
        if not (pos[0] <= side and pos[1] <= side):
            self._taps.clear()
            return False
        self._taps = [t for t in self._taps if now - t <= TAPS_WITHIN] + [now]
        if len(self._taps) >= TAPS:
            self._taps.clear()
            return True
        return False

    # -- the PIN ------------------------------------------------------------------------------------

    def locked(self, now: float) -> bool:
        return now < self.locked_until

    def try_pin(self, pin: str, now: float) -> bool:
        """True if ``pin`` opens the kiosk; wrong ones count towards a lock-out, during which even
        the right PIN is refused."""
        if self.config.pin is None or self.locked(now):
            return False
        if pin == self.config.pin:
            self._wrong = 0
            return True
        self._wrong += 1
        if self._wrong >= WRONG_PINS:
            self._wrong = 0
            self.locked_until = now + LOCKOUT * 2**self._lockouts
            self._lockouts += 1
        return False

    # -- the chord ----------------------------------------------------------------------------------

    def is_chord(self, key_name: str, modifiers: set[str]) -> bool:
        mods, key = self.config.exit_chord
        return key_name.lower() == key and mods <= modifiers
