"""The Director's screens at 1366×768 after the evening's review (issue 35): scrolled down to
the tools, no column stands blank beside them; "Roll for <hero>" is a button the size of the
others; a handout's caption is seen once, at the table and in the prep."""

import pytest
from playwright.sync_api import expect

from sessions.actions import dangers, handouts, peril
from sessions.rules import DangerTemplate
from tests.browser.conftest import log_in, screenshot
from tests.images import handout

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
CAPTION = "A map of the harbour"


def _director(new_page, playing, password, url=None, viewport=LAPTOP):
    page = new_page(viewport)
    log_in(page, "alice", password)
    page.goto(url or playing["url"])
    return page


def test_no_column_stands_blank_beside_the_tools(new_page, playing, password):
    adventure = playing["adventure"]
    for name in ("Cistern Crocodile", "Harbour Police", "Dockhands", "The Brass Jack gang"):
        dangers.add_danger(adventure, name, DangerTemplate.MINION, adventure.director)
    page = _director(new_page, playing, password)
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height > 2 * LAPTOP["height"]  # a page to scroll, tools far down
    for where in range(0, height, 300):
        page.evaluate(f"window.scrollTo(0, {where})")
        page.wait_for_function(
            f"Math.abs(scrollY - Math.min({where}, document.body.scrollHeight - innerHeight)) < 2"
        )
        # Each column reaches down to the window's foot (or to the cockpit's own end).
        gaps = page.evaluate(
            """() => {
              const cockpit = document.querySelector('.cockpit').getBoundingClientRect();
              const foot = Math.min(innerHeight, cockpit.bottom);
              // The desk (notes, Lines & Veils, the journal) goes on under the Scene's column.
              const bottom = (c) => Math.max(c.getBoundingClientRect().bottom,
                ...(c.matches('.cockpit-story') ? [...document.querySelectorAll('.cockpit-desk')]
                  .map((d) => d.getBoundingClientRect().bottom) : []));
              return [...document.querySelectorAll('.cockpit > .cockpit-column')].map(
                (c) => Math.round(foot - bottom(c)));
            }"""
        )
        assert max(gaps) < 60, (where, gaps)
    screenshot(page, "director-tools-scrolled")


def test_roll_for_is_a_button_the_size_of_the_others(new_page, playing, password):
    page = _director(new_page, playing, password)
    card = page.get_by_role("region", name="The Cast").locator(".cockpit-hero", has_text="Ada")
    roll_for = card.get_by_role("link", name="Roll for Ada", exact=True)
    expect(roll_for).to_be_visible()
    box = roll_for.bounding_box()
    tap = card.get_by_role("button", name="+1 Peril to Ada").bounding_box()
    assert box["height"] >= tap["height"] - 1, (box, tap)
    assert box["width"] >= tap["width"], (box, tap)
    assert abs(box["y"] - tap["y"]) < 2  # beside the taps, where the Director's eye already is
    expect(roll_for).to_have_text("Roll for Ada")  # "Roll" seen, the name heard
    assert roll_for.evaluate("el => getComputedStyle(el).borderTopWidth") != "0px"
    screenshot(page, "director-roll-for-button")


def test_a_handouts_caption_is_seen_once(new_page, playing, password):
    adventure = playing["adventure"]
    older = handout(adventure, "A ticket to Bombay")
    handouts.reveal(adventure, older.pk, adventure.director)
    the_map = handout(adventure, CAPTION)
    handouts.reveal(adventure, the_map.pk, adventure.director)
    page = _director(new_page, playing, password)
    shown = page.locator(".handouts")
    expect(shown.locator("figcaption")).to_contain_text(CAPTION)
    expect(shown.get_by_text(CAPTION)).to_have_count(1)  # not listed again under it
    expect(shown.get_by_text("A ticket to Bombay")).to_be_visible()
    expect(shown).not_to_contain_text("{#")
    # Heard once too: the picture's link is named by its alt; the caption beside is not read.
    expect(shown.get_by_role("link", name=CAPTION)).to_have_count(1)
    screenshot(page, "director-handout-caption-once")

    prep = _director(new_page, playing, password, url=f"/adventures/{adventure.pk}/#handouts")
    listed = prep.locator(f"#handout-{the_map.pk}")
    # Seen once (the Edit and Delete buttons name it for a screen reader only).
    seen = listed.evaluate(
        """(item, caption) => [...item.querySelectorAll('*')].filter((el) =>
             [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.includes(caption))
             && !el.closest('.visually-hidden')).length""",
        CAPTION,
    )
    assert seen == 1
    expect(listed.get_by_role("img", name="See it full size")).to_be_visible()
    screenshot(prep, "prep-handout-caption-once")
    listed.get_by_role("link", name="See it full size").click()
    expect(prep.get_by_role("dialog", name=CAPTION)).to_be_visible()

    phone = _director(new_page, playing, password, viewport=PHONE)
    expect(phone.locator(".handouts").get_by_text(CAPTION)).to_have_count(1)
    screenshot(phone, "phone-handout-caption-once")


def test_the_cockpits_log_shows_its_newest_lines_whole(new_page, playing, password, make_user):
    """A fresh-eyes Director at 1366×768 with three heroes in the Cast read the log as a slit
    two lines tall, its newest entry cut mid-sentence ("…Everyone, what do")."""
    from characters.models import Character
    from sessions.models import CastMember

    adventure = playing["adventure"]
    kit = Character.objects.create(owner=make_user("kit"), name="Cleo Quartermaine")
    CastMember.objects.create(adventure=adventure, character=kit)
    for reason in ("a loose plank gives way under the lamp-room stairs", "the foghorn", "spray"):
        peril.adjust_peril(adventure, playing["sam"].pk, 1, reason, adventure.director)
    page = _director(new_page, playing, password)
    expect(page.locator("[data-live-status]")).to_have_text("Live")
    shown = page.evaluate(
        """() => {
          const list = document.querySelector('.cockpit .log .log-list').getBoundingClientRect();
          return [...document.querySelectorAll('.cockpit .log .log-list > li')].slice(0, 3)
            .map((li) => li.getBoundingClientRect())
            .map((r) => r.top >= list.top - 1 && r.bottom <= list.bottom + 1);
        }"""
    )
    assert shown == [True, True, True]  # the three newest lines, each whole
    page.locator(".cockpit .log").screenshot(path="artifacts/director-cockpit-log.png")
