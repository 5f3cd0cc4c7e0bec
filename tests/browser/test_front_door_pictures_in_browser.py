"""The README's pictures, taken from the demo (`manage.py seed_demo`) as a group plays it: the
TV's board between moments (the Cast, the latest Gamble, the Wide Shot, the Dangers, the log), the
TV as a Gamble's verdict lands, a player's phone with their hero, and the
Director's cockpit. `make screenshots` runs this test with FRONT_DOOR_PICTURES=docs/images, so
the pictures in the README are the product of the commit they are in; run by `make test`, it
plays the same evening into artifacts/ and fails if a picture no longer matches the README's:
a screen they show has changed, and `make screenshots` takes them again."""

import io
import os
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from PIL import Image, ImageChops
from playwright.sync_api import expect

from sessions.management.commands import seed_demo
from sessions.models import Adventure, Danger, Leg
from tests.browser.conftest import ARTIFACTS, log_in, try_and_roll
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

# The README's pictures, each with the size it is taken at.
PICTURES = {
    "tv-board.png": {"width": 1280, "height": 720},
    "tv-gamble.png": {"width": 1280, "height": 720},
    "phone-hero.png": {"width": 390, "height": 844},
    "director-cockpit.png": {"width": 1366, "height": 768},
}
KEPT_BYTES = 300_000  # each picture stays small enough for a README to load quickly
README_PICTURES = Path(settings.BASE_DIR) / "docs" / "images"
# A picture still matches the README's while fewer than 1% of its pixels differ by more than a
# tenth of their brightness: anti-aliasing, never a moved or changed panel.
CHANGED_BY = 24
CHANGED_SHARE = 0.01


def _folder() -> Path:
    chosen = os.environ.get("FRONT_DOOR_PICTURES")
    folder = Path(settings.BASE_DIR) / chosen if chosen else ARTIFACTS / "front-door"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _keep(page, name: str) -> Path:
    """Photograph what the page shows (its viewport), its dice and entrances come to rest, in
    as few colours as look the same."""
    picture = Image.open(io.BytesIO(page.screenshot(animations="disabled")))
    assert picture.size == (PICTURES[name]["width"], PICTURES[name]["height"]), name
    path = _folder() / name
    small = picture.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
    small.save(path, optimize=True)
    assert path.stat().st_size < KEPT_BYTES, (name, path.stat().st_size)
    return path


def _changed_share(taken: Path) -> float:
    """The share of the README's picture of the same name that differs from ``taken``."""
    with Image.open(README_PICTURES / taken.name) as kept, Image.open(taken) as fresh:
        if kept.size != fresh.size:
            return 1.0
        difference = ImageChops.difference(kept.convert("L"), fresh.convert("L"))
        histogram = difference.histogram()
        return sum(histogram[CHANGED_BY + 1 :]) / (kept.width * kept.height)


def _person(username: str):
    return get_user_model().objects.get(username=username)


def test_the_front_doors_pictures_from_the_demo(new_page, asgi_server, load_dice):
    call_command("seed_demo", stdout=io.StringIO())
    password = seed_demo.PASSWORD
    adventure = Adventure.objects.get(title=seed_demo.ADVENTURE["title"])
    table = f"/adventures/{adventure.pk}/table/"
    leg = adventure.legs.get(position=1)
    scene = leg.scenes.get(beat="Fire in Warehouse Nine")

    # The Director starts the evening: the first Leg (the heroes roll their Lucky Saves), the
    # raid on Warehouse Nine, its Dangers out in the open, and the TV's link.
    director = Visitor(asgi_server, _person(seed_demo.DIRECTOR), password)
    load_dice(3, 2)
    assert director.post(table + "leg/start/", {"leg": leg.pk})[0] == 200
    assert director.post(table + "scene/start/", {"scene": scene.pk})[0] == 200
    for danger in Danger.objects.filter(key_location=scene.key_location):
        reveal = {"danger": danger.pk, "revealed": "1"}
        assert director.post(table + "dangers/reveal/", reveal)[0] == 200
    assert director.post(table + "screen/", {"enabled": "1"})[0] == 200
    assert Leg.objects.get(pk=leg.pk).status == Leg.Status.PLAYING

    # Sam has already waded in: a Gamble rolled and locked in, in the log and on the Cast.
    sam = Visitor(asgi_server, _person("demo-sam"), password)
    sledge = _person("demo-sam").characters.get()
    load_dice(5, 2)
    roll = {"intent": "shoulder through the burning door", "request_id": "front-door-sam-1"}
    roll["knacks"] = "Brawling in cramped places"
    assert sam.post(table + f"roll/{sledge.pk}/", roll)[0] == 200
    gamble = sledge.gambles.latest("pk")
    assert sam.post(table + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200
    scorched = {"character": sledge.pk, "delta": 2, "reason": "enemy"}
    assert director.post(table + "peril/", scorched)[0] == 200
    # What each of them sees in the Wide Shot.
    ada = Visitor(asgi_server, _person("demo-ada"), password)
    quill = _person("demo-ada").characters.get()
    for seat, hero, detail in (
        (sam, sledge, "Sacks of cayenne split open by the door, red dust swirling in the heat"),
        (ada, quill, "A ledger on the foreman's desk, its pages curling in the smoke"),
    ):
        assert seat.post(table + f"wideshot/{hero.pk}/", {"text": detail})[0] == 200

    tv = new_page(PICTURES["tv-gamble.png"])
    tv.goto(f"/screen/{Adventure.objects.get(pk=adventure.pk).screen_token}/")
    expect(tv.locator("[data-live-status]")).to_have_text("Live")
    # The board the room reads between moments: Sam's Gamble the latest, his Peril on the Cast.
    expect(tv.get_by_role("region", name="Latest Gamble")).to_contain_text("burning door")
    expect(tv.locator(".spotlight-part.is-on")).to_have_count(0)
    tv.evaluate("document.body.classList.add('tools-idle')")
    _keep(tv, "tv-board.png")
    # The moment stays up while it is photographed, however slow the machine.
    tv.locator(".spotlight-part").evaluate("holder => holder.dataset.shownFor = 60000")
    cockpit = new_page(PICTURES["director-cockpit.png"])
    log_in(cockpit, seed_demo.DIRECTOR, password)
    cockpit.goto(table)
    expect(cockpit.locator("[data-live-status]")).to_have_text("Live")

    # Ada, on her phone, talks her way past Brass Jack with a Knack and her camera.
    phone = new_page(PICTURES["phone-hero.png"])
    log_in(phone, "demo-ada", password)
    phone.goto(table)
    expect(phone.locator("[data-live-status]")).to_have_text("Live")
    panel = phone.get_by_role("region", name="Ada Quill: Gamble")
    panel.get_by_label("What are you attempting?").fill("bluff past Brass Jack")
    panel.get_by_label("Talking her way past doormen").check()
    load_dice(6, 4)
    try_and_roll(panel)

    # Mid-Gamble: the dice on her phone and in the Director's cockpit, not yet locked in.
    lock_in = panel.get_by_role("button", name="Lock in")
    expect(lock_in).to_be_visible()
    phone.evaluate("window.scrollTo(0, 0)")
    _keep(phone, "phone-hero.png")
    expect(cockpit.get_by_role("region", name="Latest Gamble")).to_contain_text(
        "bluff past Brass Jack"
    )
    _keep(cockpit, "director-cockpit.png")

    # She locks it in: the TV's spotlight gives the room the verdict.
    lock_in.click()
    spotlight = tv.locator(".spotlight-part")
    expect(spotlight).to_contain_text("Ada Quill tries to bluff past Brass Jack")
    expect(spotlight).to_contain_text("Success!")
    expect(spotlight).to_be_visible()
    # As a TV across the room is seen: its controls faded away (5 s after the last touch, or
    # by now on a slow machine), the same in every picture.
    tv.evaluate("document.body.classList.add('tools-idle')")
    _keep(tv, "tv-gamble.png")

    if _folder() != README_PICTURES:
        changed = {name: _changed_share(_folder() / name) for name in PICTURES}
        stale = {name: f"{share:.1%}" for name, share in changed.items() if share > CHANGED_SHARE}
        assert not stale, (
            f"The README's pictures no longer show the app as it is ({stale} of their pixels "
            f"changed; the new ones are in {_folder()}): run `make screenshots`, look at "
            "docs/images/ and commit them."
        )
