"""CM-19's speakers (game/platform/speech.py): the log writes a line per announcement, a real
speaker hands the latest text to its own thread and drops stale ones, and anything missing or
failing is silence, never a failed start; the setting and --speech choose."""

from __future__ import annotations

import json
import threading

import pytest

from game.cli import build_parser
from game.platform import speech
from game.platform.speech import LogSpeaker, Threaded, open_speaker
from game.settings import Settings
from game.speech.announcer import Announcer, Silent
from game.store import Store


def test_cm19_log_lines_are_whole_announcements(tmp_path):
    path = tmp_path / "said.txt"
    speaker = LogSpeaker(path)
    announcer = Announcer(speaker)
    announcer.say("Picked up ten of hearts,\n 2 places to go")
    announcer.say("Picked up ten of hearts, 2 places to go", interrupt=False)  # no repeat of the same
    announcer.repeat()  # L: said again
    announcer.close()
    assert path.read_text(encoding="utf-8").splitlines() == ["Picked up ten of hearts, 2 places to go"] * 2
    assert announcer.last == "Picked up ten of hearts, 2 places to go"


def test_cm19_off_auto_without_a_screen_reader_and_a_bad_log_are_silent(tmp_path, monkeypatch):
    monkeypatch.setattr(speech, "screen_reader_running", lambda: False)
    assert isinstance(open_speaker("off", "en"), Silent)
    assert isinstance(open_speaker("auto", "en"), Silent)
    (tmp_path / "file").write_text("")
    assert isinstance(open_speaker(f"log:{tmp_path / 'file' / 'x'}", "en"), Silent)  # a file as the folder


def test_cm19_no_speech_library_or_service_means_silence_never_a_failed_start(monkeypatch):
    monkeypatch.setattr(speech, "_module", lambda name: None)
    assert isinstance(open_speaker("on", "ja"), Silent)

    class Broken:
        def SSIPClient(self, name):
            raise OSError("no socket")

    monkeypatch.setattr(speech, "_module", lambda name: Broken())
    assert isinstance(open_speaker("on", "en"), Silent)
    monkeypatch.setattr(speech, "screen_reader_running", lambda: True)
    assert isinstance(open_speaker("auto", "en"), Silent)  # a screen reader, but nothing to reach it by


class SlowVoice:
    """A speech service that takes its time; records what it was asked."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.stops = 0
        self.busy = threading.Event()
        self.go = threading.Event()

    def say(self, text: str) -> None:
        self.said.append(text)
        self.busy.set()
        self.go.wait(5)

    def stop(self) -> None:
        self.stops += 1

    def close(self) -> None:
        self.go.set()


def test_cm19_a_new_announcement_interrupts_and_a_stale_queued_one_is_never_said():
    voice = SlowVoice()
    speaker = Threaded(voice, "test")
    speaker.speak("Seven of clubs, column 1", True)
    assert voice.busy.wait(5)  # the service is saying the first
    speaker.speak("Eight of clubs, column 2", True)  # queued behind it ...
    speaker.speak("Nine of clubs, column 3", True)  # ... and replaced: the eight is stale
    voice.go.set()
    for _ in range(100):
        if len(voice.said) == 2:
            break
        threading.Event().wait(0.01)
    speaker.close()
    assert voice.said == ["Seven of clubs, column 1", "Nine of clubs, column 3"]
    assert voice.stops >= 2  # each interrupted what was being said


def test_cm19_the_speech_setting_is_kept_and_a_bad_one_takes_its_default(tmp_path):
    store = Store(tmp_path)
    settings = Settings()
    assert settings.speech == "auto"
    settings.speech = "on"
    settings.save(store)
    store.flush()
    assert Settings.load(Store(tmp_path)).speech == "on"
    path = next(tmp_path.glob("settings*.json"))
    data = json.loads(path.read_text())
    data["speech"] = "loud"
    path.write_text(json.dumps(data))
    assert Settings.load(Store(tmp_path)).speech == "auto"


@pytest.mark.parametrize("value", ["auto", "on", "off", "log:/tmp/said.txt"])
def test_cm19_the_speech_flag_takes_auto_on_off_and_a_log(value):
    assert build_parser().parse_args(["--speech", value]).speech == value


def test_cm19_a_bad_speech_flag_is_refused(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--speech", "loud"])
    assert "log:FILE" in capsys.readouterr().err
