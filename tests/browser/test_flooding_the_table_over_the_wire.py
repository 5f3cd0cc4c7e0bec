"""One player posting free text as fast as they can, against the real server: after a few
Lines and Veils (anonymous or not) and a few journal lines they are asked to wait, in the
form's own place; a table holds a bounded number of each whoever posts them; the Director takes
many Lines and Veils off at once with the ticked boxes on the outline."""

import pytest
from playwright.sync_api import expect

from sessions.models import CastJournalEntry, SafetyNote, limits
from sessions.views.pace import PACE
from tests.browser.conftest import ARTIFACTS, log_in
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = "Easy there"


def _line(number: int) -> dict:
    return {"kind": "line", "text": f"Spiders, take {number}", "anonymous": "on"}


def test_anonymous_lines_from_one_player_slow_down_then_the_table_is_full(
    asgi_server, playing, password
):
    adventure = playing["adventure"]
    path = f"/adventures/{adventure.pk}/safety/"
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    allowed = PACE["lines_veils"][0]
    for number in range(allowed):
        assert carol.post(path, _line(number))[0] == 200
    status, fragment = carol.post(path, _line(allowed))
    assert status == 400
    assert WAIT in fragment
    assert 'id="safety"' in fragment  # the same fragment, form and all
    assert f"Spiders, take {allowed}" in fragment  # what was typed stays typed
    assert SafetyNote.objects.filter(adventure=adventure).count() == allowed
    assert not SafetyNote.objects.filter(author__isnull=False).exists()

    # Another player may still add theirs, up to what one table holds, then nobody can.
    SafetyNote.objects.bulk_create(
        SafetyNote(adventure=adventure, kind="veil", text=f"Old veil {n}")
        for n in range(limits.LINES_VEILS - allowed - 1)
    )
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    assert bob.post(path, _line(100))[0] == 200
    status, fragment = bob.post(path, _line(101))
    assert status == 400
    assert f"at most {limits.LINES_VEILS} Lines and Veils" in fragment
    assert SafetyNote.objects.filter(adventure=adventure).count() == limits.LINES_VEILS
    # The Director too: the table is full for everyone.
    director = Visitor(asgi_server, adventure.director, password)
    status, fragment = director.post(path, _line(102))
    assert status == 400
    assert SafetyNote.objects.filter(adventure=adventure).count() == limits.LINES_VEILS


def test_journal_lines_from_one_player_slow_down_then_the_journal_is_full(
    asgi_server, playing, password
):
    adventure = playing["adventure"]
    path = playing["url"] + "journal/"
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    allowed = PACE["journal"][0]
    kilobyte = "x" * 1000
    for number in range(allowed):
        assert carol.post(path, {"text": f"{number} {kilobyte}"[:1000]})[0] == 200
    status, fragment = carol.post(path, {"text": "One more"})
    assert status == 429
    assert WAIT in fragment
    assert "journal-form" in fragment
    assert "One more" in fragment
    assert CastJournalEntry.objects.filter(adventure=adventure).count() == allowed

    CastJournalEntry.objects.bulk_create(
        CastJournalEntry(adventure=adventure, text=f"Old line {n}")
        for n in range(limits.JOURNAL_LINES - allowed)
    )
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    status, fragment = bob.post(path, {"text": "Past the end"})
    assert status == 409
    assert f"at most {limits.JOURNAL_LINES} lines" in fragment
    assert "Past the end" in fragment
    assert CastJournalEntry.objects.filter(adventure=adventure).count() == limits.JOURNAL_LINES


def test_the_director_takes_the_ticked_lines_and_veils_off_at_once(
    asgi_server, new_page, playing, password
):
    adventure = playing["adventure"]
    SafetyNote.objects.bulk_create(
        SafetyNote(adventure=adventure, kind="line", text=f"Flood {n}") for n in range(12)
    )
    SafetyNote.objects.create(adventure=adventure, kind="veil", text="Torture")
    page = new_page({"width": 1366, "height": 768})
    log_in(page, adventure.director.username, password)
    page.goto(adventure.get_absolute_url() + "#safety")
    safety = page.locator("#safety")
    for n in range(12):
        safety.get_by_role("checkbox", name=f"Tick “Flood {n}”").check()
    safety.scroll_into_view_if_needed()
    safety.screenshot(path=ARTIFACTS / "director-1366-lines-veils-ticked.png")
    page.once("dialog", lambda dialog: dialog.accept())
    safety.get_by_role("button", name="Take off the ticked ones").click()
    expect(page.locator("#safety").get_by_text("Flood 0")).to_have_count(0)
    expect(page.locator("#safety").get_by_text("Torture")).to_be_visible()
    assert list(SafetyNote.objects.values_list("text", flat=True)) == ["Torture"]

    # A player can't: the same post from them changes nothing.
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    torture = SafetyNote.objects.get().pk
    status, _ = carol.post(f"/adventures/{adventure.pk}/safety/remove/", {"note": torture})
    assert status == 404
    assert SafetyNote.objects.count() == 1


def test_at_the_table_the_wait_is_said_in_the_lines_and_veils_part_on_the_phone(
    asgi_server, new_page, playing, password
):
    adventure = playing["adventure"]
    carol = Visitor(asgi_server, playing["ada"].owner, password)
    for number in range(PACE["lines_veils"][0]):
        assert carol.post(f"/adventures/{adventure.pk}/safety/", _line(number))[0] == 200
    phone = new_page({"width": 390, "height": 844})
    log_in(phone, playing["ada"].owner.username, password)
    phone.goto(playing["url"])
    lines = phone.get_by_role("region", name="Lines & Veils")
    lines.get_by_text("Add a Line or a Veil").click()
    lines.get_by_label("Line", exact=True).check()
    lines.get_by_label("What", exact=True).fill("Clowns")
    lines.get_by_role("button", name="Add to Lines & Veils").click()
    alert = lines.get_by_role("alert")
    expect(alert).to_contain_text(WAIT)
    expect(lines.get_by_label("What", exact=True)).to_have_value("Clowns")
    alert.scroll_into_view_if_needed()
    lines.screenshot(path=ARTIFACTS / "phone-390-lines-veils-wait.png")
    assert not SafetyNote.objects.filter(text="Clowns").exists()


def test_at_the_table_the_director_takes_ticked_lines_and_veils_off_at_once(
    asgi_server, new_page, playing, password
):
    adventure = playing["adventure"]
    SafetyNote.objects.bulk_create(
        SafetyNote(adventure=adventure, kind="line", text=f"Flood {n}") for n in range(5)
    )
    SafetyNote.objects.create(adventure=adventure, kind="veil", text="Torture")
    page = new_page({"width": 1366, "height": 768})
    log_in(page, adventure.director.username, password)
    page.goto(playing["url"])
    lines = page.get_by_role("region", name="Lines & Veils")
    for n in range(5):
        lines.get_by_role("checkbox", name=f"Tick “Flood {n}”").check()
    page.once("dialog", lambda dialog: dialog.accept())
    lines.get_by_role("button", name="Take off the ticked ones").click()
    expect(lines.get_by_text("Flood 0")).to_have_count(0)
    expect(lines.get_by_text("Torture")).to_be_visible()
    assert list(SafetyNote.objects.values_list("text", flat=True)) == ["Torture"]
