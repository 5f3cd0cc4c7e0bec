"""`manage.py make_dice_sounds`: synthesize the table's small dice sounds (and the pause's
chime) into static/sounds/ (8-bit mono WAV, a few KB each). Made here, from nothing but
arithmetic, so the sounds are ours and need no network."""

import math
import random
import wave
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

RATE = 11_025
OUT = Path(settings.BASE_DIR) / "static" / "sounds"


def _silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def _click(seconds: float, pitch: float, rng: random.Random) -> list[float]:
    """A die hitting the table: a burst of noise with a short wooden ring, dying fast."""
    samples = []
    for n in range(int(RATE * seconds)):
        t = n / RATE
        decay = math.exp(-t * 90)
        samples.append(decay * (0.6 * rng.uniform(-1, 1) + 0.5 * math.sin(2 * math.pi * pitch * t)))
    return samples


def _tone(seconds: float, start: float, end: float, volume: float = 0.5) -> list[float]:
    """A sliding square-ish tone with a soft attack and release."""
    samples, phase = [], 0.0
    count = int(RATE * seconds)
    for n in range(count):
        frequency = start + (end - start) * n / count
        phase += 2 * math.pi * frequency / RATE
        envelope = min(1.0, n / (RATE * 0.01), (count - n) / (RATE * 0.04))
        samples.append(volume * envelope * math.tanh(3 * math.sin(phase)))
    return samples


def rattle() -> list[float]:
    rng = random.Random(6)
    samples: list[float] = []
    for gap in (0.0, 0.05, 0.035, 0.06, 0.03, 0.07, 0.045):
        samples += _silence(gap) + _click(0.045, rng.uniform(900, 1700), rng)
    return samples


def success() -> list[float]:
    return _tone(0.09, 523, 523) + _tone(0.09, 659, 659) + _tone(0.22, 784, 1046)


def blunder() -> list[float]:
    return _tone(0.16, 330, 300) + _tone(0.32, 262, 160)


def knockout() -> list[float]:
    rng = random.Random(1)
    thud = [
        math.exp(-n / RATE * 12)
        * (math.sin(2 * math.pi * 70 * n / RATE) + 0.3 * rng.uniform(-1, 1))
        for n in range(int(RATE * 0.35))
    ]
    return thud + _tone(0.5, 220, 90, volume=0.4)


def _bell(seconds: float, pitch: float, volume: float) -> list[float]:
    """A soft bell: a pure tone and its octave, fading slowly; no edge to startle anyone."""
    return [
        volume
        * min(1.0, n / (RATE * 0.02))
        * math.exp(-n / RATE * 4)
        * (
            math.sin(2 * math.pi * pitch * n / RATE)
            + 0.2 * math.sin(4 * math.pi * pitch * n / RATE)
        )
        for n in range(int(RATE * seconds))
    ]


def chime() -> list[float]:
    """The X-card's pause: two quiet bells falling, a breath, not an alarm."""
    return _bell(0.3, 659, 0.3) + _bell(0.7, 523, 0.3)


def write(name: str, samples: list[float]) -> None:
    with wave.open(str(OUT / f"{name}.wav"), "wb") as sound:
        sound.setnchannels(1)
        sound.setsampwidth(1)
        sound.setframerate(RATE)
        sound.writeframes(bytes(int(128 + 120 * max(-1.0, min(1.0, s))) for s in samples))


class Command(BaseCommand):
    help = "Make the dice sounds in static/sounds/ afresh (the same every time)."

    def handle(self, *args, **options) -> None:
        OUT.mkdir(parents=True, exist_ok=True)
        sounds = {
            "rattle": rattle,
            "success": success,
            "blunder": blunder,
            "knockout": knockout,
            "chime": chime,
        }
        for name, make in sounds.items():
            write(name, make())
        self.stdout.write(f"Wrote {len(sounds)} sounds to {OUT}")
