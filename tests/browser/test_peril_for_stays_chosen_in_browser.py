"""The Cast's "Peril for" stays as the Director chose it (fresh-eyes review at 1366x768: a
Danger chosen, +1 tapped twice, and the second Peril was logged "from the Director (an enemy
strikes)", the menu back at its first reason after one tap). It stays chosen tap after tap and
through the live redraws, until the Director changes it, its Danger is out, or the Scene ends."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger, TableEvent
from tests.browser.conftest import screenshot, seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _peril_lines() -> list[str]:
    return list(
        TableEvent.objects.filter(kind="peril").order_by("pk").values_list("summary", flat=True)
    )


def test_a_danger_chosen_strikes_tap_after_tap_until_it_is_out(new_page, playing, password):
    Danger.objects.update(name="Dockhands", success_threshold=1, revealed=True)
    danger = Danger.objects.get()
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    why = page.get_by_label("Peril for")
    why.select_option(label="Dockhands")
    sam = page.locator(".cockpit-hero", has_text="Sam Okafor")
    log = page.locator("#log-list")
    page.get_by_role("button", name="+1 Peril to Sam Okafor").click()
    expect(sam).to_contain_text("Peril 1/6")
    expect(log).to_contain_text("Peril from Dockhands: Sam Okafor")
    # The tap's live redraw has come and gone: still the Danger.
    expect(why).to_have_value(f"danger-{danger.pk}")
    page.get_by_role("button", name="+1 Peril to Sam Okafor").click()
    expect(sam).to_contain_text("Peril 2/6")
    expect(log.get_by_text("Peril from Dockhands: Sam Okafor")).to_have_count(2)
    lines = _peril_lines()
    assert len(lines) == 2, lines
    assert all("Peril from Dockhands" in line for line in lines), lines
    assert not any("the Director" in line for line in lines), lines
    # Another cause chosen for Ada's Peril: it stays chosen after its tap too.
    why.select_option(value="environment")
    page.get_by_role("button", name="+1 Peril to Ada").click()
    expect(page.locator(".cockpit-hero", has_text="Ada")).to_contain_text("Peril 1/6")
    expect(why).to_have_value("environment")
    why.select_option(label="Dockhands")
    screenshot(page, "peril-for-stays-chosen")

    # Put out of the picture, the Danger is no longer offered: the first reason again.
    page.get_by_role("button", name="+1 success against Dockhands").click()
    expect(page.locator(".danger-count", has_text="1/1 out")).to_be_visible()
    expect(why.locator("option", has_text="Dockhands")).to_have_count(0)
    expect(why).to_have_value("enemy")


def test_peril_for_goes_back_to_its_first_reason_when_the_scene_ends(new_page, playing, password):
    page = seated(new_page, LAPTOP, "alice", password, playing["url"])
    why = page.get_by_label("Peril for")
    why.select_option(value="environment")
    page.get_by_role("button", name="+1 Peril to Sam Okafor").click()
    expect(page.locator(".cockpit-hero", has_text="Sam Okafor")).to_contain_text("Peril 1/6")
    expect(why).to_have_value("environment")
    page.get_by_role("button", name="End Scene").click()
    expect(page.get_by_role("button", name="Start Scene")).to_be_visible()
    expect(why).to_have_value("enemy")
