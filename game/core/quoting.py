"""How a message quotes a value it refuses: short and on one line, whatever was given. A command
line, a pasted deal ID, a config or a results file can hold a value of 100 kB, a list nested
thousands deep or a number of thousands of digits; the message names its start and its size,
never the whole (issue 36, item 17: 38 messages echoed the whole input back). Every message that
quotes a bad value does it through :func:`quoted`.
"""

from __future__ import annotations

SHOWN = 40  # characters of a value quoted in a message
MOST_DIGITS = 38  # a longer number is named by its size (the repr of 5,000 digits raises ValueError)


def clipped(text: str, limit: int = SHOWN) -> str:
    """``text`` cut to ``limit`` characters, the cut marked with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(value: object) -> str:
    """``value`` as a message quotes it: its repr when short; a long text's start, then how long
    it is; a list or a table named, never printed (its repr could recurse thousands deep)."""
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"a number of more than {MOST_DIGITS} digits"
    if isinstance(value, str) and len(value) > SHOWN:
        return f"{clipped(repr(value[:SHOWN]), 4 * SHOWN)}… ({len(value):,} characters)"
    return clipped(repr(value), 4 * SHOWN)


def named(path: object) -> str:
    """A file's path as a message names it: as it is when it is printable and of a sensible length
    (a path is read whole more often than not), else quoted as a bad value is."""
    text = str(path)
    return text if text.isprintable() and len(text) <= 4 * SHOWN else quoted(text)
