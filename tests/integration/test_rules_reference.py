"""Rules at hand (issue 13, item 10): the SRD in the app, each section linkable, the app's
readings beside the rules they read, and a "?" at the table that opens a rule in place."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.template import Context, Template
from django.test import Client
from django.utils.html import escape

from enigma_site.readings import READINGS
from enigma_site.rulebook import render, rulebook
from sessions.actions import dangers, groups, tumults
from sessions.models import Adventure
from sessions.rules import DangerTemplate
from tests.conftest import HTMX

pytestmark = pytest.mark.django_db

LICENCE = "https://creativecommons.org/licenses/by-nc/4.0/"
HEADING = re.compile(r'<h([2-6]) id="([^"]+)"')


def _used_slugs() -> set[str]:
    """Every slug a template's "?" opens."""
    templates = Path(settings.BASE_DIR) / "templates"
    return {
        slug
        for path in templates.rglob("*.html")
        for slug in re.findall(r'{% rule_help "([^"]+)" %}', path.read_text())
    }


def _headings(html: str) -> list[tuple[str, int]]:
    """(slug, position) of every heading with an id, in page order."""
    return [(m.group(2), m.start()) for m in HEADING.finditer(html)]


def test_the_rules_page_shows_the_srd_with_its_credit_to_anyone(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "ENIGMA SRD v0.7.0 by Andrew Pelham" in html
    assert f'<a href="{LICENCE}" rel="license">CC BY-NC 4.0</a>' in html
    # The rules themselves, from the first section to the cheat sheet.
    assert "they make a Gamble" in html
    assert "Ranges from 0–6." in html
    assert "<td>Lieutenant</td>" in html  # the Dangers table, as a table


def test_every_heading_has_a_permalink_and_the_contents_lead_to_them(client):
    html = client.get("/rules/").content.decode()
    slugs = [slug for slug, _ in _headings(html)]
    assert len(slugs) == len(set(slugs)) > 60
    for slug in slugs:
        if slug.startswith(("reading-", "rules-contents")):
            continue
        assert f'href="#{slug}" aria-label="Link to' in html, slug
    contents = html.split('class="rules-contents"')[1].split("</nav>")[0]
    for slug in ("gameplay", "lucky-saves", "blammo-dice", "dangers", "rules-cheat-sheet"):
        assert f'href="#{slug}"' in contents


def test_the_website_trimmings_and_raw_html_stay_out(client):
    html = client.get("/rules/").content.decode()
    main = html.split('<main id="main"')[1]
    assert "<img" not in main
    assert "<details" not in main
    assert "{:" not in main
    assert "Changelog" not in main
    # Raw HTML in the source would come out as text, never as markup.
    book = render("## Trouble\n\n<script>alert(1)</script> and <b>bold</b>\n", readings={})
    assert "<script>" not in book.html
    assert "&lt;script&gt;" in book.html
    assert "<b>" not in book.html


def test_every_slug_a_question_mark_opens_is_a_heading_on_the_rules_page(client):
    used = _used_slugs()
    assert {"lucky-saves", "catchphrases", "blammo-dice", "peril", "rest"} <= used
    assert {"group-gambles", "tumults", "dangers", "investigating", "knockouts"} <= used
    page_ids = {slug for slug, _ in _headings(client.get("/rules/").content.decode())}
    assert used <= page_ids, used - page_ids


def test_each_reading_follows_the_rule_it_reads_before_the_next_heading(client):
    html = client.get("/rules/").content.decode()
    sections = {section.slug for section in rulebook().sections}
    headings = [(slug, at) for slug, at in _headings(html) if slug in sections]
    assert set(READINGS) <= {slug for slug, _ in headings}
    for number, (slug, at) in enumerate(headings):
        end = headings[number + 1][1] if number + 1 < len(headings) else len(html)
        own_text = html[at:end]
        if slug in READINGS:
            assert "How Enigma Table reads this" in own_text, slug
            assert f'aria-labelledby="reading-{slug}"' in own_text, slug
            for paragraph in READINGS[slug]:
                assert f"<p>{escape(paragraph)}</p>" in own_text, slug
        else:
            assert 'class="reading"' not in own_text, slug
    assert html.count('class="reading"') == len(READINGS)


def test_the_readings_say_what_the_table_does(client):
    html = client.get("/rules/").content.decode()
    assert "strictly more than half" in html
    assert "counted on the final dice" in html
    assert "until the end of the current Leg" in html
    assert "“PLUNK!” and “plunk” are the same" in html


def test_a_reading_for_a_section_the_srd_lacks_fails_loudly():
    with pytest.raises(ValueError, match="Readings for sections"):
        render("## Only this\n\nText.\n", readings={"lucky-saves": ("Lift a die.",)})


def test_a_question_mark_gets_just_the_section_and_its_reading(client):
    response = client.get("/rules/lucky-saves/", headers=HTMX)
    assert response.status_code == 200
    assert "HX-Request" in response["Vary"]
    html = response.content.decode()
    assert '<h3 id="lucky-saves" class="rule-heading">Lucky Saves' in html
    assert "sheer dumb luck" in html
    assert "How Enigma Table reads this" in html
    assert "Locking in" in html
    # Just the section: not the page around it, nor the next rule.
    assert "<html" not in html
    assert "masthead" not in html
    assert 'id="catchphrases"' not in html
    # Its "#" and its way out lead to the rules page, not into the table page it opens on.
    assert 'href="/rules/#lucky-saves" aria-label="Link to Lucky Saves"' in html
    assert "ENIGMA SRD v0.7.0 by Andrew Pelham" in html


def test_a_section_brings_its_subsections(client):
    html = client.get("/rules/gambles/", headers=HTMX).content.decode()
    for slug in ("gambles", "success", "blunder", "peril-increases"):
        assert f'id="{slug}"' in html
    assert 'id="modifiers"' not in html
    assert "counted on the final dice" in html


def test_without_javascript_a_rule_is_a_page_of_its_own(client):
    response = client.get("/rules/rest/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<title>Rule: Rest · Enigma Table</title>" in html
    assert 'class="site-footer"' in html
    assert "If the result is less than or equal to their current Peril" in html


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_an_unknown_rule_is_not_found(client, headers):
    assert client.get("/rules/hit-points/", headers=headers).status_code == 404
    assert client.post("/rules/").status_code == 405


def test_the_rules_are_rendered_once_and_cost_no_query(client, django_assert_num_queries):
    assert rulebook() is rulebook()
    with django_assert_num_queries(0):
        assert client.get("/rules/").status_code == 200
        assert client.get("/rules/dangers/", headers=HTMX).status_code == 200


def test_the_about_page_and_the_footer_lead_to_the_rules(client):
    about = client.get("/about/").content.decode()
    assert about.count('href="/rules/"') >= 2  # the page text and the footer


def test_a_player_at_the_table_has_a_question_mark_by_each_control(playing):
    player = Client()
    player.force_login(playing["sam"].owner)
    html = player.get(playing["url"]).content.decode()
    for slug, title in [
        ("lucky-saves", "Lucky Saves"),
        ("peril", "Peril"),
        ("blammo-dice", "Blammo! Dice"),
        ("knockouts", "Knockouts"),
    ]:
        assert (
            f'<a class="rule-help" href="/rules/#{slug}" data-rule-help="/rules/{slug}/"'
            f' data-rule-slug="{slug}" aria-haspopup="dialog" aria-label="Rule: {title}"'
        ) in html, slug
    assert "js/rules.js" in html


def test_the_director_has_a_question_mark_by_each_tool(playing):
    adventure = playing["adventure"]
    dangers.add_danger(adventure, "Goon", DangerTemplate.MINION, adventure.director)
    groups.call_group_gamble(adventure, "Run!", adventure.director)
    director = Client()
    director.force_login(adventure.director)
    html = director.get(playing["url"]).content.decode()
    for title in [
        "Rest",
        "Group Gambles",
        "Investigating",
        "Dangers",
        "Tumults",
        "Damage and Peril",
    ]:
        assert f'aria-label="Rule: {title}"' in html, title
    tumults.start_tumult(adventure, adventure.director)
    html = director.get(playing["url"] + "part/director-dangers/").content.decode()
    assert html.count('aria-label="Rule: Dangers"') == 1  # beside the Dangers' heading
    html = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert 'aria-label="Rule: Tumults"' in html
    tumult = director.get(playing["url"] + "part/tumult/").content.decode()
    assert 'aria-label="Rule: Tumults"' in tumult


def test_the_shared_screen_has_no_question_marks(client, playing):
    director = Client()
    director.force_login(playing["adventure"].director)
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    token = Adventure.objects.get().screen_token
    dangers.add_danger(
        playing["adventure"], "Goon", DangerTemplate.MINION, playing["adventure"].director
    )
    html = client.get(f"/screen/{token}/").content.decode()
    assert "Wide Shot" in html
    assert "rule-help" not in html


def test_a_question_mark_for_a_rule_the_srd_lacks_is_an_error():
    with pytest.raises(KeyError, match="no section 'hit-points'"):
        Template('{% load rulebook %}{% rule_help "hit-points" %}').render(Context())
