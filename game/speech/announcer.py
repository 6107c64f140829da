"""The announcer (CM-19): the one place announcements go. It keeps the last one (a key repeats
it) and hands each new one to a speaker, interrupting the one still being said: a stale
announcement is never finished after the position it described has gone.

Pure: a :class:`Speaker` is whatever says text (``game/platform/speech.py``: the platform's speech
service, a log file, or nothing); tests pass their own.
"""

from __future__ import annotations

from typing import Protocol

from game.speech.words import unsymbolled


class Speaker(Protocol):
    def speak(self, text: str, interrupt: bool) -> None:
        """Say ``text``; with ``interrupt``, stop what is being said first."""

    def close(self) -> None: ...


class Silent:
    """No speech: the default, and what any failure of a real speaker falls back to."""

    name = "off"

    def speak(self, text: str, interrupt: bool) -> None:
        pass

    def close(self) -> None:
        pass


class Announcer:
    def __init__(self, speaker: Speaker | None = None) -> None:
        self.speaker: Speaker = speaker if speaker is not None else Silent()
        self.last = ""  # the last announcement, for the repeat key
        self.count = 0  # announcements made (tests and the loop's wake-up read it)

    @property
    def on(self) -> bool:
        return not isinstance(self.speaker, Silent)

    def say(self, text: str, interrupt: bool = True) -> None:
        """Announce ``text`` (one line); nothing for an empty text or the same text said again at
        once (a frame that re-reads the focus does not repeat it)."""
        text = unsymbolled(" ".join(text.split()))
        if not text or (text == self.last and not interrupt):
            return
        self.last = text
        self.count += 1
        self.speaker.speak(text, interrupt)

    def repeat(self) -> None:
        if self.last:
            self.count += 1
            self.speaker.speak(self.last, True)

    def switch(self, speaker: Speaker) -> None:
        """Speak through ``speaker`` from now on (the setting changed)."""
        self.speaker.close()
        self.speaker = speaker

    def close(self) -> None:
        self.speaker.close()
