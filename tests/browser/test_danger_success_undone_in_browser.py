"""The Director's "+1 success" against a Danger, then Undo (a fresh-eyes review): one press
puts the Danger back exactly as it stood, the line says plainly what was undone, and a Danger
hidden from the Cast is never named on their phones or the TV."""

import pytest
from playwright.sync_api import expect

from sessions.models import Danger
from tests.browser.conftest import log_in, seated, shared_screen, three_dangers
from tests.browser.test_tv_reads_whole_in_browser import SIZES, _settled

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def _cockpit(new_page, playing, password):
    laptop = new_page(LAPTOP)
    log_in(laptop, "alice", password)
    laptop.goto(playing["url"])
    return laptop


def _undo_once(laptop, line: str) -> None:
    corrections = laptop.get_by_role("region", name="Corrections")
    expect(corrections.locator(".undo-summary")).to_have_text(line)
    corrections.get_by_role("button", name="Undo last move").click()
    expect(corrections.locator(".undo-summary")).not_to_have_text(line)


@pytest.mark.parametrize(
    ("foe", "line", "undone"),
    [
        (
            "Brass Jack",
            "A success against Brass Jack (1/2).",
            "Undone by the Director: a success against Brass Jack. Back to 0/2.",
        ),
        (
            "Museum guards",
            "The Cast puts Museum guards out of the picture!",
            "Undone by the Director: Museum guards put out of the picture. Back in it, at 0/1.",
        ),
    ],
    ids=["a-success", "put-out"],
)
def test_one_undo_puts_a_shown_danger_back(
    new_page, asgi_server, playing, password, foe, line, undone
):
    three_dangers(playing["adventure"])
    phone = seated(new_page, None, "bob", password, playing["url"])
    laptop = _cockpit(new_page, playing, password)
    dangers = laptop.locator("#director-dangers-panel")
    dangers.get_by_role("button", name=f"+1 success against {foe}").click()
    expect(laptop.locator(".event-summary").first).to_have_text(line)
    # Before the press, the Director reads what it will put back.
    back = undone.rsplit(". ", 1)[1]
    expect(laptop.locator(".corrections .undo-back")).to_have_text(f"Undo: {back}")
    laptop.get_by_role("region", name="Corrections").screenshot(
        path=f"artifacts/danger-success-undo-offered-{foe.split()[0].lower()}.png"
    )
    _undo_once(laptop, line)
    # One press: the Danger as it stood, its "+1 success" back, the line plain.
    assert Danger.objects.get(name=foe).successes == 0
    expect(dangers.get_by_role("button", name=f"+1 success against {foe}")).to_be_enabled()
    expect(laptop.locator(".event-undo .event-summary").first).to_have_text(undone)
    expect(phone.locator(".event-undo .event-summary").first).to_have_text(undone)
    laptop.screenshot(path=f"artifacts/danger-success-undone-{foe.split()[0].lower()}.png")


def test_undoing_a_success_on_a_hidden_danger_names_it_to_no_one_but_the_director(
    new_page, asgi_server, playing, password
):
    three_dangers(playing["adventure"])
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES["1080p"])
    _settled(tv, path)
    phone = seated(new_page, None, "bob", password, playing["url"])
    laptop = _cockpit(new_page, playing, password)
    dangers = laptop.locator("#director-dangers-panel")
    dangers.get_by_role("button", name="+1 success against The Lurker").click()
    _undo_once(laptop, "The Director marks a success against a Danger.")
    assert Danger.objects.get(name="The Lurker").successes == 0
    undone = "Undone by the Director: a success against a Danger."
    expect(laptop.locator(".event-undo .event-summary").first).to_have_text(undone)
    expect(phone.locator(".event-undo .event-summary").first).to_have_text(undone)
    for page in (phone, tv):
        page.wait_for_timeout(1_000)
        assert "Lurker" not in page.locator("body").inner_text()
    laptop.screenshot(path="artifacts/danger-success-undone-hidden.png")
