"""A player the Director removes from the Cast stays out: neither the invite link nor the join
code on the TV lets them back in, even with the freed seat putting the code back up, until the
Director presses "Let back in" on the outline."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, CastMember
from tests.browser.conftest import ARTIFACTS, log_in
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DIRECTOR = {"width": 1366, "height": 768}


def test_a_removed_player_stays_out_until_the_director_lets_them_back_in(
    asgi_server, new_page, playing, password
):
    adventure, ada = playing["adventure"], playing["ada"]
    Adventure.objects.filter(pk=adventure.pk).update(seats=2, join_on_screen=True)
    adventure.refresh_from_db()
    carol = Visitor(asgi_server, ada.owner, password)
    invite, code = f"/join/{adventure.invite_code}/", f"/join/{adventure.join_code}/"

    page = new_page(DIRECTOR)
    log_in(page, adventure.director.username, password)
    page.goto(adventure.get_absolute_url())
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Remove Ada from the Cast").click()
    kept_out = page.locator("#cast")
    expect(kept_out.get_by_role("heading", name="Kept out")).to_be_visible()
    expect(kept_out.get_by_role("button", name=f"Let back in {ada.owner.username}")).to_be_visible()
    kept_out.scroll_into_view_if_needed()
    kept_out.screenshot(path=ARTIFACTS / "director-1366-kept-out.png")
    assert not CastMember.objects.filter(character=ada).exists()

    # The freed seat puts the code back on the TV, but not for her: link or code, she is told.
    for path in (invite, code):
        status, landed = carol.get(path)
        assert status == 200
        assert "The Director took you out of this table" in landed
        assert "Join with" not in landed
        status, _ = carol.post(path, {"character": ada.pk})
        assert not CastMember.objects.filter(character=ada).exists()

    page.get_by_role("button", name=f"Let back in {ada.owner.username}").click()
    expect(kept_out.get_by_role("heading", name="Kept out")).to_have_count(0)

    status, _ = carol.post(code, {"character": ada.pk})
    assert status == 200
    assert CastMember.objects.filter(adventure=adventure, character=ada, active=True).exists()
