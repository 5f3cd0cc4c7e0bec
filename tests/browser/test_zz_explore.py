import pytest
from django.utils import timezone
from playwright.sync_api import expect

from sessions.models import Adventure, Leg, Scene, WideShot
from tests.browser.conftest import log_in, screenshot
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("size", [(390, 844), (360, 780)])
@pytest.mark.parametrize("mode", ["app", "either"])
def test_explore(browser, asgi_server, game, password, size, mode):
    adventure = game["adventure"]
    Leg.objects.update(status=Leg.Status.PLAYING)
    Scene.objects.update(status=Scene.Status.PLAYING)
    Adventure.objects.filter(pk=adventure.pk).update(real_dice=mode)
    scene = Scene.objects.get()
    WideShot.objects.create(scene=scene, key_location=scene.key_location, opening="Rain.", questions=[{"text": "What on the desk makes you uneasy?", "to": None}])
    handout(adventure, "A map of the harbour", revealed=timezone.now(), on_show=True)
    ctx = browser.new_context(base_url=asgi_server, viewport={"width": size[0], "height": size[1]}, is_mobile=True, has_touch=True)
    page = ctx.new_page()
    log_in(page, "carol", password)
    page.goto(f"/adventures/{adventure.pk}/table/")
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    roll = page.locator(".button-roll").bounding_box()
    bar = page.locator(".hero-bar").bounding_box()
    print(size, mode, "roll", roll, "bar", bar, "ws", page.locator("#wideshot-title").bounding_box())
    print(page.evaluate("""() => [...document.querySelectorAll('[data-odds], [data-odds] > *, .gamble-form > *')].filter(e => e.getClientRects().length).map(e => { const r = e.getBoundingClientRect(); const c = getComputedStyle(e); return `${e.tagName}.${e.className} ${Math.round(r.top)}-${Math.round(r.bottom)} m ${c.marginTop}/${c.marginBottom} d ${c.display}`; }).join('\\n')"""))
    page.screenshot(path=f"artifacts/explore-{mode}-{size[0]}.png")
    screenshot(page, f"explore-{mode}-{size[0]}-full")
    ctx.close()
