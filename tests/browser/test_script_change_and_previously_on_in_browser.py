"""Script Change's fast-forward asked from a phone, anonymously, seen by the Director and on the
TV; and "Previously on…" played from an edited, published recap on the TV and the phones,
skipped everywhere at once, and not back after a reload."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Recap, Scene, TableEvent
from tests.browser.conftest import log_in, seated, shared_screen
from tests.browser.test_tv_stage_in_browser import CLIPPED, SIZES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_IN_HAND = {"width": 390, "height": 844}
DIRECTOR = {"width": 1366, "height": 768}
ASKED = "Someone asked to fast-forward"


def _tvs(new_page, path):
    tvs = {}
    for size in ("720p", "1080p"):
        tv = tvs[size] = new_page(SIZES[size])
        tv.goto(path)
        expect(tv.locator("[data-live-status]")).to_have_text("Live")
        # The moment stays up while both TVs are looked at, however slow the machine.
        tv.locator(".spotlight-part").evaluate("holder => holder.dataset.shownFor = 60000")
    return tvs


def test_a_player_asks_to_fast_forward_and_nobody_learns_who(
    new_page, asgi_server, playing, password
):
    url = playing["url"]
    tvs = _tvs(new_page, shared_screen(asgi_server, playing, password))
    director = seated(new_page, DIRECTOR, "alice", password, url)
    sam = seated(new_page, PHONE_IN_HAND, "bob", password, url)
    ada = seated(new_page, PHONE_IN_HAND, "carol", password, url)

    ada.screenshot(path="artifacts/phone-fast-forward-button-390.png", animations="disabled")
    ada.get_by_role("button", name="Fast-forward").click()
    # The Director sees the request, without a name, and moves the Scene on.
    banner = director.get_by_role("alert").filter(has_text=ASKED)
    expect(banner).to_be_visible()
    for name in ("Ada", "carol", "Sam", "bob"):
        expect(banner).not_to_contain_text(name)
    # Every phone hears someone asked; the game isn't paused.
    for phone in (sam, ada):
        expect(phone.get_by_role("status").filter(has_text=ASKED)).to_be_visible()
        expect(phone.get_by_role("button", name="X-card").first).to_be_enabled()
    # The TV says "Fast-forward", whole, without naming anyone.
    for size, tv in tvs.items():
        spotlight = tv.locator(".spotlight-part")
        expect(spotlight).to_be_visible()
        expect(spotlight.locator(".spot-title")).to_have_text("Fast-forward")
        expect(spotlight).not_to_contain_text("Ada")
        assert tv.evaluate(CLIPPED) == []
        tv.screenshot(
            path=f"artifacts/tv-fast-forward-{SIZES[size]['width']}.png", animations="disabled"
        )
    sam.screenshot(path="artifacts/phone-fast-forward-390.png", animations="disabled")
    director.screenshot(path="artifacts/director-fast-forward-1366.png", animations="disabled")

    # What is stored says nothing of who asked: no actor, no name, no user in its key.
    event = TableEvent.objects.get(kind="fast_forward")
    carol = playing["ada"].owner
    assert event.actor_id is None
    assert event.character_id is None
    assert carol.username not in f"{event.summary} {event.data}"
    assert event.request_key.startswith("anon:")
    assert f"{carol.pk}:" not in event.request_key

    banner.get_by_role("button", name="Done: moved on").click()
    expect(banner).to_be_hidden()
    for phone in (sam, ada):
        expect(phone.get_by_role("status").filter(has_text=ASKED)).to_be_hidden()
        expect(phone.get_by_role("button", name="Fast-forward")).to_be_visible()
    assert not Adventure.objects.get().fast_forward_asked


STORY = (
    "The Cast chased a clockmaker across the rain-soaked docks of the harbour. Crates of brass "
    "gears rained down from a snapped cargo net! Sam caught the last one before it could crush "
    "the harbourmaster.\n\n"
    "Ada read the stamp on the crates: a workshop in Vienna, and a name nobody expected to see "
    "again. The Baron's engines were singing somewhere beneath the quay. The heroes swore to "
    "find them before the monsoon broke."
)


def test_previously_on_plays_on_the_tv_and_the_phones_and_a_skip_ends_it_everywhere(
    new_page, asgi_server, playing, password
):
    url, adventure = playing["url"], playing["adventure"]
    Scene.objects.update(status=Scene.Status.DONE)  # between Scenes: the evening starts
    draft = Recap.objects.create(adventure=adventure, title="Drafted", body="A DRAFT TO EDIT.")
    director = new_page(DIRECTOR)
    log_in(director, "alice", password)
    # The Director edits the draft and publishes it.
    director.goto(f"/adventures/{adventure.pk}/recaps/{draft.pk}/")
    director.get_by_label("Title").fill("Gears from the Sky")
    director.get_by_label("The recap").fill(STORY)
    director.get_by_role("button", name="Save and publish").click()
    expect(director.get_by_role("heading", name="Gears from the Sky")).to_be_visible()

    tvs = _tvs(new_page, shared_screen(asgi_server, playing, password))
    director.goto(url)
    sam = seated(new_page, PHONE_IN_HAND, "bob", password, url)
    ada = seated(new_page, PHONE_IN_HAND, "carol", password, url)

    director.get_by_role("button", name="Play “Previously on…”").click()
    expect(director.get_by_text("“Previously on…” is on the TV")).to_be_visible()
    expect(director.locator("#director-stage-panel")).to_contain_text("Previously on…")
    for size, tv in tvs.items():
        sequence = tv.locator(".previously-tv")
        expect(sequence).to_be_visible()
        expect(sequence.locator(".previously-title")).to_have_text(adventure.title)
        expect(sequence.get_by_text("Sam Okafor")).to_be_visible()  # the heroes' faces
        assert tv.evaluate(CLIPPED) == []
        tv.screenshot(
            path=f"artifacts/tv-previously-on-title-{SIZES[size]['width']}.png",
            animations="disabled",
        )
    # After the title card, the story: whole sentences, a few at a time, never cut.
    for size, tv in tvs.items():
        text = tv.locator(".previously-text").filter(has_text="The Cast chased a clockmaker")
        expect(text).to_be_visible(timeout=15_000)
        expect(tv.locator(".previously-text:visible")).not_to_contain_text("…")
        assert tv.evaluate(CLIPPED) == []
        tv.screenshot(
            path=f"artifacts/tv-previously-on-story-{SIZES[size]['width']}.png",
            animations="disabled",
        )
    # The phones have the whole story to read; never the draft.
    for phone in (sam, ada):
        panel = phone.get_by_role("region", name=adventure.title)
        expect(panel).to_be_visible()
        expect(panel).to_contain_text("Crates of brass gears rained down from a snapped cargo net!")
        expect(panel).to_contain_text("find them before the monsoon broke.")
        expect(panel).not_to_contain_text("A DRAFT TO EDIT")
    sam.screenshot(path="artifacts/phone-previously-on-390.png", animations="disabled")

    # Carol reads it and dismisses it: a reload doesn't bring it back.
    ada.get_by_role("button", name="Got it: on with the show").click()
    expect(ada.get_by_role("region", name=adventure.title)).to_be_hidden()
    ada.reload()
    expect(ada.locator("[data-live-status]")).to_have_text("Live")
    expect(ada.get_by_role("region", name=adventure.title)).to_be_hidden()

    # A Skip on the TV ends it on every screen, and a reload doesn't bring it back.
    tvs["1080p"].locator(".previously-tv").get_by_role("button", name="Skip").click()
    for tv in tvs.values():
        expect(tv.locator(".previously-tv")).to_be_hidden()
    expect(sam.get_by_role("region", name=adventure.title)).to_be_hidden()
    expect(director.get_by_text("“Previously on…” is on the TV")).to_be_hidden()
    for page in (tvs["720p"], sam):
        page.reload()
        expect(page.locator("[data-live-status]")).to_have_text("Live")
        expect(page.locator(".previously")).to_have_count(0)
    assert Adventure.objects.get().previously_on == {}


def test_the_directors_skip_ends_previously_on_everywhere(new_page, asgi_server, playing, password):
    url, adventure = playing["url"], playing["adventure"]
    Scene.objects.update(status=Scene.Status.DONE)
    Recap.objects.create(
        adventure=adventure, title="So far", body=STORY, published="2026-01-01T00:00:00Z"
    )
    tvs = _tvs(new_page, shared_screen(asgi_server, playing, password))
    director = seated(new_page, DIRECTOR, "alice", password, url)
    sam = seated(new_page, PHONE_IN_HAND, "bob", password, url)
    director.screenshot(
        path="artifacts/director-previously-on-offer-1366.png", animations="disabled"
    )
    director.get_by_role("button", name="Play “Previously on…”").click()
    expect(sam.get_by_role("region", name=adventure.title)).to_be_visible()
    director.screenshot(
        path="artifacts/director-previously-on-playing-1366.png", animations="disabled"
    )
    expect(tvs["720p"].locator(".previously-tv")).to_be_visible()
    director.get_by_role("button", name="Skip").click()
    expect(sam.get_by_role("region", name=adventure.title)).to_be_hidden()
    for tv in tvs.values():
        expect(tv.locator(".previously-tv")).to_be_hidden()


@pytest.mark.looks
def test_a_crowded_previously_on_is_whole_on_a_small_tv(new_page, asgi_server, playing, password):
    """Six heroes with long names, a long Adventure title and a sentence longer than a page:
    every word on the 720p TV, nothing cut."""
    from characters.models import Character
    from sessions.models import CastMember
    from sessions.recaps import sequence

    adventure = playing["adventure"]
    for n in range(4):
        hero = Character.objects.create(
            owner=playing["sam"].owner, name=f"Professor Hero Number {n} Esq.", archetype="explorer"
        )
        CastMember.objects.create(adventure=adventure, character=hero)
    Adventure.objects.filter(pk=adventure.pk).update(
        title="The Clockwork Monsoon and the Terrible Affair of the Singing Engines of Vienna"
    )
    long_one = "Then " + "the gears turned and the engines sang beneath the quay, " * 9 + "at last."
    Scene.objects.update(status=Scene.Status.DONE)
    Recap.objects.create(
        adventure=adventure,
        title="So far",
        body=f"{long_one}\n\n{STORY}",
        published="2026-01-01T00:00:00Z",
    )
    director = seated(new_page, DIRECTOR, "alice", password, playing["url"])
    tv = new_page(SIZES["720p"])
    tv.goto(shared_screen(asgi_server, playing, password))
    director.get_by_role("button", name="Play “Previously on…”").click()
    expect(tv.locator(".previously-card")).to_be_visible()
    assert tv.evaluate(CLIPPED) == []
    tv.screenshot(path="artifacts/tv-previously-on-crowded-title-1280.png", animations="disabled")
    # Straight to the long sentence's page: the sequence drawn again as if its title card had
    # played (the part redrawn, a new key, a title card of no seconds).
    tv.evaluate(
        """() => {
          const part = document.querySelector('.previously-part');
          const sequence = part.querySelector('[data-previously]').cloneNode(true);
          sequence.dataset.previously = 'again';
          sequence.querySelector('.previously-card').dataset.seconds = '0';
          part.replaceChildren(sequence);
        }"""
    )
    page = tv.locator(".previously-text.is-long")
    expect(page).to_be_visible(timeout=15_000)
    assert len(page.inner_text()) > sequence.PAGE
    assert tv.evaluate(CLIPPED) == []
    tv.screenshot(path="artifacts/tv-previously-on-crowded-long-1280.png", animations="disabled")
