"""Small files that unpack into gigabytes: eight 40-megapixel PNGs (a few hundred kilobytes
each) uploaded at once to the real server keep it within its memory budget, and a small
picture sent meanwhile is not held up behind them."""

import io
import threading
from pathlib import Path

import pytest
from PIL import Image

from characters.models import Character
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PARALLEL = 8
BUDGET_MB = 600  # a server process's ceiling with worst-case uploads (docs/features.md)


def _worst_case_png() -> bytes:
    """40 megapixels with an alpha channel (160 MB decoded) in a file of ~160 KB."""
    image = Image.new("RGBA", (8000, 5000), (200, 40, 30, 255))
    image.paste((255, 255, 255, 128), (0, 0, 2000, 1250))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _small_jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (800, 600), (20, 120, 200)).save(out, "JPEG")
    return out.getvalue()


def _server_peak_mb(base_url: str) -> float:
    """The server process's peak resident memory (VmHWM), found by the port it listens on."""
    port = base_url.rsplit(":", 1)[1]
    for proc in Path("/proc").iterdir():
        try:
            command = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"uvicorn" in command and port.encode() in command:
            for line in (proc / "status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    raise AssertionError(f"No server process on port {port}")


def test_eight_worst_case_uploads_at_once_stay_within_the_memory_budget(
    asgi_server, playing, password
):
    owner = playing["sam"].owner
    heroes = [
        Character.objects.create(owner=owner, name=f"Stand-in {n}", archetype="brawler")
        for n in range(PARALLEL)
    ]
    visitor = Visitor(asgi_server, owner, password)
    assert visitor.get("/home/")[0] == 200
    big = _worst_case_png()
    assert len(big) < 400 * 1024
    answers: list[tuple[int, str]] = []

    def send(hero):
        answers.append(
            visitor.upload(f"/characters/{hero.pk}/portrait/", "portrait", "huge.png", big)
        )

    threads = [threading.Thread(target=send, args=(hero,)) for hero in heroes]
    for thread in threads:
        thread.start()
    # A small picture sent while they are under way: it fits beside them and goes through.
    status, _page = visitor.upload(
        f"/characters/{playing['sam'].pk}/portrait/", "portrait", "small.jpg", _small_jpeg()
    )
    assert status == 200
    for thread in threads:
        thread.join(180)
    assert len(answers) == PARALLEL
    stored = [a for a in answers if a[0] == 200]
    busy = [a for a in answers if a[0] == 400 and "try this one again in a moment" in a[1]]
    assert len(stored) + len(busy) == PARALLEL, [a[0] for a in answers]
    assert stored, "no big picture was stored at all"
    assert Character.objects.get(pk=playing["sam"].pk).portrait
    assert Character.objects.filter(pk__in=[h.pk for h in heroes]).exclude(portrait="").count() == (
        len(stored)
    )
    peak = _server_peak_mb(asgi_server)
    assert peak <= BUDGET_MB, f"peak {peak:.0f} MB; {len(stored)} stored, {len(busy)} told to retry"
