"""Make the game's sounds (SPEC UI-8): synthesised here from sine waves and shaped noise, written
as WAV, then encoded to small OGG Vorbis files in assets/sounds/ with `oggenc` (Debian's
vorbis-tools). Nothing is recorded or taken from elsewhere: the sounds are this script's output,
dedicated to the public domain (assets/sounds/LICENSE.txt).

    python tools/make_sounds.py [--out assets/sounds] [--keep-wav]

Every sound is short and soft: a card picked up (a light brush), placed (a soft tap), turned over
(two ticks), a deal or shuffle (a riffle), an illegal drop (a low, gentle bump), a card on a
foundation (a bright pluck), Spider's completed suit (a rising arpeggio), auto-collect (a quick
pluck, played once per card so the run is heard), and the win (a short fanfare).
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import subprocess
import tempfile
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent


def envelope(n: int, attack: float, decay: float) -> list[float]:
    """A quick rise then an exponential fall, per sample."""
    a = max(1, int(attack * RATE))
    return [(k / a if k < a else math.exp(-(k - a) / (decay * RATE))) for k in range(n)]


def noise(seconds: float, seed: int, smooth: float) -> list[float]:
    """White noise through a one-pole low-pass (``smooth`` near 1: darker)."""
    rng = random.Random(seed)
    out, last = [], 0.0
    for _ in range(int(seconds * RATE)):
        last = last * smooth + rng.uniform(-1, 1) * (1 - smooth)
        out.append(last)
    peak = max(1e-9, max(abs(x) for x in out))
    return [x / peak for x in out]


def tone(freq: float, seconds: float, decay: float, harmonics: tuple[float, ...] = (1.0, 0.3, 0.1)) -> list[float]:
    n = int(seconds * RATE)
    env = envelope(n, 0.004, decay)
    return [
        env[k] * sum(a * math.sin(2 * math.pi * freq * (h + 1) * k / RATE) for h, a in enumerate(harmonics))
        for k in range(n)
    ]


def mix(parts: list[tuple[float, list[float]]], seconds: float) -> list[float]:
    """Sounds placed at start times (seconds), added together."""
    out = [0.0] * int(seconds * RATE)
    for start, samples in parts:
        s = int(start * RATE)
        for k, v in enumerate(samples):
            if s + k < len(out):
                out[s + k] += v
    return out


def shaped(samples: list[float], attack: float, decay: float, gain: float) -> list[float]:
    env = envelope(len(samples), attack, decay)
    return [v * e * gain for v, e in zip(samples, env, strict=True)]


def pickup() -> list[float]:
    return shaped(noise(0.09, 1, 0.6), 0.01, 0.02, 0.35)


def place() -> list[float]:
    return shaped(noise(0.1, 2, 0.82), 0.002, 0.018, 0.6)


def flip() -> list[float]:
    tick = shaped(noise(0.04, 3, 0.5), 0.001, 0.006, 0.45)
    return mix([(0.0, tick), (0.045, tick)], 0.1)


def deal() -> list[float]:
    taps = [(k * 0.035, shaped(noise(0.05, 10 + k, 0.78), 0.002, 0.012, 0.4)) for k in range(8)]
    return mix(taps, 0.35)


def illegal() -> list[float]:
    return [v * 0.35 for v in tone(150, 0.16, 0.05, (1.0, 0.2))]


def foundation() -> list[float]:
    return [v * 0.3 for v in tone(880, 0.25, 0.08)]


def collect() -> list[float]:
    return [v * 0.22 for v in tone(1174.7, 0.14, 0.04)]


def suit() -> list[float]:
    notes = (523.3, 659.3, 784.0, 1046.5)
    return mix([(k * 0.08, [v * 0.25 for v in tone(f, 0.35, 0.12)]) for k, f in enumerate(notes)], 0.7)


def win() -> list[float]:
    chord = (523.3, 659.3, 784.0)
    parts = [(k * 0.11, [v * 0.2 for v in tone(f, 0.3, 0.1)]) for k, f in enumerate((392.0, *chord))]
    parts += [(0.5, [v * 0.14 for v in tone(f, 0.8, 0.35)]) for f in (*chord, 1046.5)]
    return mix(parts, 1.4)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "pickup": pickup,
    "place": place,
    "flip": flip,
    "deal": deal,
    "illegal": illegal,
    "foundation": foundation,
    "collect": collect,
    "suit": suit,
    "win": win,
}


def write_wav(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32000)) for v in samples))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds")
    parser.add_argument("--keep-wav", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in SOUNDS.items():
            wav = (args.out if args.keep_wav else Path(tmp)) / f"{name}.wav"
            write_wav(wav, make())
            ogg = args.out / f"{name}.ogg"
            subprocess.run(["oggenc", "-Q", "-q", "2", "-o", str(ogg), str(wav)], check=True)
            print(f"{ogg.relative_to(ROOT) if ogg.is_relative_to(ROOT) else ogg}: {ogg.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
