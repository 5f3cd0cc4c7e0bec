"""The enemies' turn gives a player's hero Peril (fresh-eyes game night, phone 360x780): the
player sees it where they are on the page, scrolled down to their Gamble, in a notice pinned at
the top ("The enemies strike!", the blow told to them and where the hero now stands, out of 6)
clear of the hero bar; a tap on its "×" puts it away, and it stays away after a reload."""

import pytest
from playwright.sync_api import expect

from sessions.rules import DangerTemplate
from tests.browser.conftest import ARTIFACTS, foes_in_sight, seated
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_blow_to_my_hero_is_pinned_till_put_away(in_hand, asgi_server, playing, password):
    adventure, sam = playing["adventure"], playing["sam"]
    (widow,) = foes_in_sight(adventure, ("The Brass Widow", DangerTemplate.LIEUTENANT))
    type(sam).objects.filter(pk=sam.pk).update(peril=2)
    phone = seated(in_hand, {"width": 360, "height": 780}, "bob", password, playing["url"])
    director = Visitor(asgi_server, adventure.director, password)
    director.get(playing["url"])
    # No call waiting on Bob (the Wide Shot locked): nothing else pins the top of his phone.
    assert director.post(playing["url"] + "wideshot/lock/", {"locked": "1"})[0] == 200
    assert director.post(playing["url"] + "tumult/start/", {})[0] == 200
    expect(phone.get_by_role("link", name="Sam Okafor: your turn in the Tumult")).to_be_visible()
    # Bob reading down the page (the log, the Cast), far from its top.
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    split = {f"split-{widow.pk}-{sam.pk}": 3}
    assert director.post(playing["url"] + "tumult/enemies/", split)[0] == 200
    notice = phone.get_by_role("alert").filter(has_text="The enemies strike!")
    # Told to Bob, where Sam now stands out of 6 with it.
    expect(notice).to_contain_text("The Brass Widow strikes: you take Peril +3 (now 5 of 6).")
    expect(notice).to_be_in_viewport(ratio=1)
    bar = phone.locator("[data-hero-bar]").first.bounding_box()
    box = notice.bounding_box()
    assert box["y"] + box["height"] <= bar["y"], (box, bar)
    phone.screenshot(path=str(ARTIFACTS / "phone-peril-notice-360x780.png"))
    notice.get_by_role("button", name="Got it: put this away").tap()
    expect(notice).to_be_hidden()
    phone.reload()
    expect(phone.locator("[data-live-status]")).to_have_text("Live")
    expect(phone.get_by_role("alert").filter(has_text="The enemies strike!")).to_be_hidden()
