"""Session zero with three phones, the Director and two TVs: the topics marked privately and
agreed into the table's Lines & Veils without a name; the heroes tied together, answered, drawn
as the Cast's web on the TV and kept on both heroes' sheets."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.models import CastMember, Leg, SafetyNote, Scene, SessionZero
from tests.browser.conftest import seated, shared_screen
from tests.browser.test_accessibility_in_browser import axe_violations, describe
from tests.browser.test_tv_stage_in_browser import CLIPPED, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_IN_HAND = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 780}
DIRECTOR = {"width": 1366, "height": 768}
WIDER_THAN_THE_SCREEN = "document.documentElement.scrollWidth > innerWidth"
# Session zero's words cut at a phone's edge: any text in the panel wider than its box.
CUT_WORDS = """[...document.querySelectorAll('.zero-phone *')]
    .filter(el => el.checkVisibility() && [...el.childNodes].some(
        n => n.nodeType === 3 && n.textContent.trim()))
    .filter(el => el.getBoundingClientRect().right > innerWidth + 1
        || (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible'))
    .map(el => el.textContent.trim().slice(0, 40))"""


@pytest.fixture
def zero_table(adventure, cast_member, carol, make_user):
    """Alice's Adventure before its first Scene: Bob's Sam, Carol's Ada and Dave's Max."""
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    ada = Character.objects.create(owner=carol, name="Ada Lovelock", archetype="investigator")
    max_ = Character.objects.create(
        owner=make_user("dave"), name="Max Stirling", archetype="explorer"
    )
    for hero in (ada, max_):
        CastMember.objects.create(adventure=adventure, character=hero)
    return {
        "adventure": adventure,
        "sam": cast_member.character,
        "ada": ada,
        "max": max_,
        "url": f"/adventures/{adventure.pk}/table/",
    }


def _mark(phone, marks: dict[str, str], rest: str = "Fine") -> None:
    """Marks the topics named, and every other topic not marked yet ``rest``, then saves."""
    for topic, mark in marks.items():
        phone.get_by_role("group", name=topic).get_by_text(mark, exact=True).click()
    for group in phone.locator(".zero-topic.is-unmarked").all():
        if not group.locator("input:checked").count():
            group.get_by_text(rest, exact=True).click()
    phone.get_by_role("button", name=re.compile("(Save|Change) my marks")).click()
    expect(phone.get_by_role("status").filter(has_text="Your marks are in")).to_be_visible()
    # The status may be there from an earlier save: wait for the marks drawn back as saved
    # (a saved mark's id names it).
    for topic, mark in marks.items():
        value = mark.lower()
        saved = phone.get_by_role("group", name=topic).locator(f"input[id$='-{value}-{value}']")
        expect(saved).to_be_checked()


def _all_fine(phone) -> None:
    phone.get_by_role("button", name="Everything is fine for me").click()
    expect(phone.get_by_role("status").filter(has_text="Your marks are in")).to_be_visible()


def _tie(phone, hero, other, sentence):
    phone.get_by_label("Tie your hero to").select_option(label=other)
    phone.get_by_label("In a sentence").fill(sentence)
    phone.get_by_role("button", name=f"Tie {hero} to them").click()
    expect(phone.locator(".zero-phone").get_by_text(sentence)).to_be_visible()


def test_session_zero_with_three_phones_and_the_tv(new_page, asgi_server, zero_table, password):
    url = zero_table["url"]
    screen = shared_screen(asgi_server, zero_table, password)
    tvs = {}
    for size in ("720p", "1080p"):
        tvs[size] = new_page(SIZES[size])
        tvs[size].goto(screen)
        expect(tvs[size].locator("[data-live-status]")).to_have_text("Live")
    director = seated(new_page, DIRECTOR, "alice", password, url)
    bob = seated(new_page, PHONE_IN_HAND, "bob", password, url)
    carol = seated(new_page, PHONE_IN_HAND, "carol", password, url)
    dave = seated(new_page, SMALL_PHONE, "dave", password, url)
    phones = (bob, carol, dave)

    # The Director opens it: every phone and the TV get it live, every topic unmarked.
    offer = "artifacts/director-session-zero-offer-1366.png"
    director.screenshot(path=offer, animations="disabled")
    director.get_by_role("button", name="Open session zero").click()
    for phone in phones:
        expect(phone.get_by_role("heading", name="What's in this game?")).to_be_visible()
        expect(phone.get_by_text("Session zero · step 1 of 2")).to_be_visible()
        expect(phone.get_by_text("not marked yet")).to_have_count(9)
        expect(phone.locator(".zero-marks input:checked")).to_have_count(0)
    dave.screenshot(path="artifacts/phone-session-zero-unmarked-360.png", animations="disabled")
    # A choice picked, not saved yet: that topic no longer says it isn't marked.
    topic = dave.locator(".zero-topic").first
    expect(topic.get_by_text("not marked yet")).to_be_visible()
    topic.get_by_label("Fine").check()
    expect(topic.get_by_text("not marked yet")).to_be_hidden()
    topic.get_by_label("Fine").evaluate("radio => { radio.checked = false; }")
    assert not dave.evaluate(WIDER_THAN_THE_SCREEN)
    assert dave.evaluate(CUT_WORDS) == []
    for tv in tvs.values():
        expect(tv.get_by_role("heading", name="What's in this game?")).to_be_visible()
        expect(tv.get_by_text("Fast-forward", exact=True)).to_be_visible()

    # Carol adds a topic (nothing says who); everyone can mark it.
    carol.get_by_text("Add a topic").click()
    carol.get_by_label("Another topic").fill("Clowns")
    carol.get_by_role("button", name="Add the topic").click()
    for phone in phones:
        expect(phone.get_by_role("group", name="Clowns")).to_be_visible()

    # Carol is choosing when Bob's marks go in: the redraw that brings the others' news to
    # her phone keeps what she chose and hasn't sent yet.
    carol.get_by_role("group", name="Torture").get_by_text("Line", exact=True).click()
    carol.locator(".zero-phone").evaluate("panel => panel.dataset.before = 'yes'")
    # Bob marks one topic and saves: he isn't done, and his phone says what is left.
    bob.get_by_role("group", name="Torture").get_by_text("Veil", exact=True).click()
    bob.get_by_role("button", name="Save my marks").click()
    left = bob.get_by_role("status").filter(has_text="still to mark")
    expect(left).to_contain_text("9 topics still to mark")
    expect(director.locator(".zero-done").get_by_role("cell", name="Done")).to_have_count(0)
    _mark(bob, {})
    expect(carol.locator(".zero-phone[data-before]")).to_have_count(0)  # drawn again
    expect(carol.get_by_role("group", name="Torture").get_by_label("Line")).to_be_checked()
    _mark(carol, {"Clowns": "Veil"})
    dave.screenshot(path="artifacts/phone-session-zero-marks-360.png", animations="disabled")
    assert not dave.evaluate(WIDER_THAN_THE_SCREEN)
    _all_fine(dave)  # said explicitly, not assumed
    expect(director.locator("#director-stage-panel")).to_contain_text("Session zero: the topics")
    # The Director sees who is done, never what was marked; with everyone done, the preview
    # of the table's Lines & Veils, without a name.
    done = director.locator(".zero-done")
    expect(done.get_by_role("cell", name="Done")).to_have_count(3)
    expect(done).not_to_contain_text("Veil")
    preview = director.get_by_role("region", name="Preview")
    expect(preview.locator(".zero-preview-list li")).to_have_text(["Line Torture", "Veil Clowns"])
    director.screenshot(path="artifacts/director-session-zero-tone-1366.png", animations="disabled")

    # A topic added late: everyone who was done is asked to mark it, the Director sees it.
    bob.get_by_text("Add a topic").click()
    bob.get_by_label("Another topic").fill("Deep water")
    bob.get_by_role("button", name="Add the topic").click()
    expect(done.get_by_role("cell", name="New topic to mark")).to_have_count(3)
    expect(director.locator(".zero-director")).to_contain_text("Added by the table")
    expect(director.locator(".zero-director")).to_contain_text("Deep water")
    expect(preview).to_contain_text("once every player is done")
    director.screenshot(
        path="artifacts/director-session-zero-new-topic-1366.png", animations="disabled"
    )
    for phone in phones:
        news = phone.get_by_role("alert").filter(has_text="A new topic to mark")
        expect(news).to_contain_text("Deep water")
        expect(phone.get_by_role("group", name="Deep water")).to_contain_text("not marked yet")
    for size, tv in tvs.items():
        expect(tv.get_by_text("0 of 3 players marked · a new topic")).to_be_visible()
        assert tv.evaluate(CLIPPED) == []
        width = SIZES[size]["width"]
        late_tv = f"artifacts/tv-session-zero-new-topic-{width}.png"
        tv.screenshot(path=late_tv, animations="disabled")
    dave.screenshot(path="artifacts/phone-session-zero-new-topic-360.png", animations="disabled")
    assert dave.evaluate(CUT_WORDS) == []
    _mark(bob, {})
    _mark(carol, {"Deep water": "Veil"})
    _all_fine(dave)
    expect(done.get_by_role("cell", name="Done")).to_have_count(3)
    expect(preview.locator(".zero-preview-list li")).to_have_count(3)
    # Nothing on any page names who added a topic or when anyone finished.
    for page in (director, bob, carol, *tvs.values()):
        for said in ("topic was added", "A new topic to mark.", "marked every topic."):
            expect(page.locator("#log-list")).not_to_contain_text(said)
    # Bob's phone, reloaded, shows his own marks alone.
    bob.reload()
    torture = bob.get_by_role("group", name="Torture")
    expect(torture.get_by_label("Veil")).to_be_checked()
    expect(bob.get_by_role("group", name="Clowns").get_by_label("Fine")).to_be_checked()
    bob.screenshot(path="artifacts/phone-session-zero-marks-390.png", animations="disabled")
    assert not (found := axe_violations(bob)), describe(found)
    assert not (found := axe_violations(director)), describe(found)
    for size, tv in tvs.items():
        expect(tv.get_by_text("3 of 3 players marked")).to_be_visible()
        assert tv.evaluate(CLIPPED) == []
        width = SIZES[size]["width"]
        tv.screenshot(path=f"artifacts/tv-session-zero-tone-{width}.png", animations="disabled")

    # On to connections: the table's Lines & Veils are the union, without a name.
    director.get_by_role("button", name="Agree the Lines & Veils: on to connections").click()
    for phone in phones:
        expect(phone.get_by_role("heading", name="Connections")).to_be_visible()
        expect(phone.get_by_text("Session zero · step 2 of 2")).to_be_visible()
        lines = phone.locator("#lines-veils-panel")
        expect(lines).to_contain_text("Torture")
        expect(lines).to_contain_text("Clowns")
    agreed = {(n.text, n.kind, n.author_id) for n in SafetyNote.objects.all()}
    assert agreed == {
        ("Torture", "line", None),
        ("Clowns", "veil", None),
        ("Deep water", "veil", None),
    }
    assert SessionZero.objects.get().ballots == {}

    _tie(bob, "Sam Okafor", "Ada Lovelock", "Owes me a favour since the night in Cairo")
    _tie(dave, "Max Stirling", "Sam Okafor", "We flew the mail run over the Andes together")
    _tie(carol, "Ada Lovelock", "Max Stirling", "He still has my grandfather's compass")
    assert not dave.evaluate(WIDER_THAN_THE_SCREEN)
    assert dave.evaluate(CUT_WORDS) == []
    dave.screenshot(path="artifacts/phone-session-zero-connections-360.png", animations="disabled")
    # Carol sees Sam's tie to Ada and answers it; Bob sees the answer.
    carol.get_by_label("Ada Lovelock's answer to Sam Okafor").fill("And I never let you forget it")
    carol.get_by_role("button", name="Answer").first.click()
    expect(bob.locator(".zero-phone").get_by_text("And I never let you forget it")).to_be_visible()
    carol.screenshot(path="artifacts/phone-session-zero-connections-390.png", animations="disabled")
    assert not (found := axe_violations(carol)), describe(found)
    expect(director.locator(".zero-done").get_by_role("cell", name="Done")).to_have_count(6)
    # The Director's preview: the web of ties, as the TV draws it, and who tied to whom.
    ties = director.get_by_role("img", name="Ties between the heroes")
    for name in ("Sam Okafor", "Ada Lovelock", "Max Stirling"):
        expect(ties).to_contain_text(name)
    expect(director.locator(".zero-preview .zero-ties li")).to_have_count(3)
    agreed_now = director.locator(".zero-preview-list li")
    expect(agreed_now).to_have_text(["Line Torture", "Veil Clowns", "Veil Deep water"])
    expect(director.locator(".zero-preview")).to_contain_text("And I never let you forget it")
    director.screenshot(path="artifacts/director-session-zero-1366.png", animations="disabled")
    assert not (found := axe_violations(director)), describe(found)

    for size, tv in tvs.items():
        web = tv.get_by_role("img", name="The Cast's web of connections")
        for name in ("Sam Okafor", "Ada Lovelock", "Max Stirling"):
            expect(web).to_contain_text(name)
        expect(tv.locator(".zero-ties li")).to_have_count(3)
        expect(tv.locator(".zero-ties")).to_contain_text("And I never let you forget it")
        expect(tv.locator(".zero-agreed")).to_contain_text("Torture")
        assert tv.evaluate(CLIPPED) == []
        expect(tv.locator(".zero-tv")).not_to_contain_text("…")
        width = SIZES[size]["width"]
        tv.screenshot(path=f"artifacts/tv-session-zero-web-{width}.png", animations="disabled")
        assert not (found := axe_violations(tv)), describe(found)

    # Closed: the TV and the phones go back to the table; the ties are on both sheets.
    director.get_by_role("button", name="Close session zero").click()
    for page in (*phones, *tvs.values()):
        expect(page.locator(".zero-tv, .zero-phone")).to_have_count(0)
    bob.goto(f"/characters/{zero_table['sam'].pk}/")
    expect(bob.get_by_text("Owes me a favour since the night in Cairo")).to_be_visible()
    expect(bob.get_by_text("And I never let you forget it")).to_be_visible()
    expect(bob.get_by_text("We flew the mail run over the Andes together")).to_be_visible()
    carol.goto(f"/characters/{zero_table['ada'].pk}/")
    expect(carol.get_by_text("Owes me a favour since the night in Cairo")).to_be_visible()
    expect(carol.get_by_text("He still has my grandfather's compass")).to_be_visible()


@pytest.mark.looks
def test_a_crowded_web_is_whole_on_both_tvs(new_page, asgi_server, zero_table, make_user, password):
    """Six heroes, long names, every hero tied and some answered: every name and sentence whole
    on the 720p and the 1080p TV, nothing cut."""
    from characters.models import Relationship
    from sessions.actions import session_zero

    adventure = zero_table["adventure"]
    heroes = [zero_table[h] for h in ("sam", "ada", "max")]
    for n, name in enumerate(("Professor Hieronymus Bartholomew", "Lady Ottoline", "Jack")):
        hero = Character.objects.create(owner=make_user(f"p{n}"), name=name, archetype="explorer")
        CastMember.objects.create(adventure=adventure, character=hero)
        heroes.append(hero)
    session_zero.start(adventure, adventure.director)
    for n in range(5):  # the list full, with long topics of the players' own
        session_zero.add_topic(adventure, f"Number {n}: " + "the drowned gods beneath the harbour")
    screen = shared_screen(asgi_server, zero_table, password)
    tvs = {size: new_page(SIZES[size]) for size in ("720p", "1080p")}
    for size, tv in tvs.items():
        tv.goto(screen)
        expect(tv.locator(".zero-topics li")).to_have_count(14)
        assert tv.evaluate(CLIPPED) == []
        width = SIZES[size]["width"]
        crowded = f"artifacts/tv-session-zero-tone-crowded-{width}.png"
        tv.screenshot(path=crowded, animations="disabled")
    session_zero.next_step(adventure, adventure.director)
    sentence = "We swore an oath on the deck of the Marguerite the night the lighthouse went dark"
    for n, hero in enumerate(heroes):
        Relationship.objects.create(
            character=hero,
            other=heroes[(n + 1) % len(heroes)],
            description=sentence,
            answer="And I keep it still" if n % 2 else "",
        )
    for size, tv in tvs.items():
        tv.reload()
        web = tv.get_by_role("img", name="The Cast's web of connections")
        for hero in heroes:
            expect(web).to_contain_text(hero.name)
        expect(tv.locator(".zero-ties li")).to_have_count(6)
        assert tv.evaluate(CLIPPED) == []
        width = SIZES[size]["width"]
        tv.screenshot(
            path=f"artifacts/tv-session-zero-web-crowded-{width}.png", animations="disabled"
        )


@pytest.mark.parametrize("viewport", [PHONE_IN_HAND, SMALL_PHONE], ids=["390", "360"])
def test_marks_saved_come_back_as_saved(new_page, zero_table, password, viewport):
    """ "Everything is fine for me", then two topics changed: the form shows what was saved,
    and changing two marks keeps every other one."""
    from sessions.actions import session_zero

    adventure = zero_table["adventure"]
    session_zero.start(adventure, adventure.director)
    phone = seated(new_page, viewport, "bob", password, zero_table["url"])
    _all_fine(phone)
    topics = phone.locator(".zero-topic")
    count = topics.count()
    expect(phone.locator(".zero-topic input[value=fine]:checked")).to_have_count(count)
    first, second = (topics.nth(n).locator("legend").inner_text() for n in (0, 1))
    _mark(phone, {first: "Veil", second: "Line"})
    expect(phone.locator(".zero-topic.is-unmarked")).to_have_count(0)
    expect(phone.get_by_text("still to mark")).to_have_count(0)
    expect(phone.locator(".zero-topic input:checked")).to_have_count(count)
    zero = SessionZero.objects.get(adventure=adventure)
    (ballot,) = zero.ballots.values()
    assert sorted(ballot.values()).count("fine") == count - 2
