"""A player writes in the Cast journal from a tab opened before the Adventure was finished:
the refusal's reason appears in the form, the line they typed still in it."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure
from tests.browser.conftest import seated

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_refused_journal_line_keeps_the_form_and_says_why(new_page, password, game):
    adventure = game["adventure"]
    carol = seated(new_page, None, "carol", password, f"/adventures/{adventure.pk}/table/")
    # Finished elsewhere, a moment ago: this tab still shows the journal's form.
    Adventure.objects.filter(pk=adventure.pk).update(status=Adventure.Status.FINISHED)

    line = carol.get_by_label("Add to the Cast journal")
    line.fill("Pillai was paid in schillings.")
    carol.get_by_role("button", name="Write it down").click()

    journal = carol.locator("#cast-journal")
    expect(journal.get_by_role("alert")).to_have_text(
        "This Adventure is finished: its table is kept as it was."
    )
    expect(carol.get_by_label("Add to the Cast journal")).to_have_value(
        "Pillai was paid in schillings."
    )
    expect(journal.get_by_role("button", name="Write it down")).to_be_visible()
