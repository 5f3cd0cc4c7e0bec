"""Every page passes axe (issue 13, item 11): all the rules axe-core runs by default (WCAG 2.x
A and AA and its best practices), on a phone and on a laptop, with 0 violations.

axe-core comes bundled with axe-playwright-python and is injected into the page from disk;
each check also asserts that the page asked nothing of any other host while it ran."""

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from characters import pictures
from characters.models import Character
from sessions.models import Adventure, Campaign, Danger, Recap, TableEvent
from tests.browser.conftest import gamble_panel, log_in, screenshot
from tests.browser.http import Visitor
from tests.images import handout, picture, upload

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
AXE = Axe()


def axe_violations(page) -> list[dict]:
    """axe's violations on the page as it stands, once every finite animation has landed."""
    page.evaluate(
        "Promise.all(document.getAnimations()"
        ".filter(a => a.effect?.getComputedTiming().iterations !== Infinity)"
        ".map(a => a.finished.catch(() => null)))"
    )
    return AXE.run(page).response["violations"]


def describe(violations: list[dict]) -> str:
    """One paragraph per rule broken: its id and help, then each offending element and why."""
    lines = []
    for violation in violations:
        lines.append(f"\n{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            lines.append(f"  at {' '.join(map(str, node['target']))}")
            lines.append(f"     {node['html'][:200]}")
            for check in node["any"] + node["all"] + node["none"]:
                lines.append(f"     - {check['message']}")
    return "\n".join(lines)


def _foreign_requests(page, base_url: str) -> list[str]:
    """Every request the page makes from now on to anywhere but the site itself."""
    foreign: list[str] = []

    def note(request) -> None:
        if not request.url.startswith((base_url, "data:", "blob:")):
            foreign.append(request.url)

    page.on("request", note)
    return foreign


@dataclass
class Evening:
    """Game night under way, long enough for the log to scroll: Sam has rolled a Blunder and
    may spend a Lucky Save."""

    playing: dict
    screen: str
    invite: str
    stranger_hero: Character
    director: Visitor
    bob: Visitor
    campaign: Campaign
    recap: Recap


@pytest.fixture
def evening(asgi_server, playing, password, load_dice) -> Evening:
    adventure = playing["adventure"]
    director = Visitor(asgi_server, adventure.director, password)
    status, _ = director.post(playing["url"] + "screen/", {"enabled": "1"})
    assert status == 200
    TableEvent.objects.bulk_create(
        TableEvent(adventure=adventure, kind="note", summary=f"Event {n}") for n in range(60)
    )
    Character.objects.filter(pk=playing["sam"].pk).update(lucky_saves=3)
    load_dice(2, 3)
    bob = Visitor(asgi_server, playing["sam"].owner, password)
    status, _ = bob.post(
        playing["url"] + f"roll/{playing['sam'].pk}/",
        {"request_id": "a11y-0001", "advantages": "1", "intent": "kick the boiler door"},
    )
    assert status == 200
    dave = get_user_model().objects.create_user("dave", password=password)
    campaign = Campaign.objects.create(director=adventure.director, title="The Monsoon Years")
    Adventure.objects.filter(pk=adventure.pk).update(campaign=campaign)
    # Sam has a portrait, and the Director has revealed a handout: both on the pages checked.
    sam = Character.objects.get(pk=playing["sam"].pk)
    sam.set_portrait(_stored("portraits", square=True, display=512, thumb=128))
    handout(adventure, "A map of the harbour", revealed=timezone.now(), on_show=True)
    recap = Recap.objects.create(
        adventure=adventure,
        title="Leg 1: A Ticking in the Rain",
        body="Last time…\n\nSam went down hard: Knockout!",
        published=campaign.created,
    )
    adventure = Adventure.objects.get(pk=adventure.pk)
    return Evening(
        playing=playing,
        screen=f"/screen/{adventure.screen_token}/",
        invite=f"/join/{adventure.invite_code}/",
        stranger_hero=Character.objects.create(owner=dave, name="Dash", archetype="explorer"),
        director=director,
        bob=bob,
        campaign=campaign,
        recap=recap,
    )


def _stored(folder: str, **sizes) -> pictures.Stored:
    return pictures.store(pictures.open_picture(upload(picture())), folder, **sizes)


def _live(page) -> None:
    expect(page.locator("[data-live-status]")).to_have_text("Live")


def _hero_form_with_an_error(page) -> None:
    page.get_by_role("button", name="Create character").click()
    expect(page.locator(".errorlist, [role=alert]").first).to_be_visible()


def _hero_form_with_rolls(page) -> None:
    page.get_by_role("radio", name="The Investigator").check()
    page.get_by_role("button", name="Roll a drive (1d6)").click()
    # The server rolls: on a loaded machine that can take longer than expect's default 5 s.
    expect(page.get_by_text("Drive roll (1d6):")).to_be_visible(timeout=20_000)
    page.get_by_role("button", name="Roll Equipment (d66)").click()
    expect(page.get_by_text("Equipment 1 (d66):")).to_be_visible(timeout=20_000)


def _a_rule_open(page) -> None:
    _live(page)
    gamble_panel(page, "Sam Okafor").get_by_role("link", name="Rule: Lucky Saves").click()
    expect(page.get_by_role("dialog", name="Rule: Lucky Saves")).to_be_visible()


def _a_tumult(evening: Evening) -> None:
    """Two Dangers shown to the Cast, and a Tumult under way against them."""
    url = evening.playing["url"]
    for name, template in (("Brass Jack", "lieutenant"), ("Dockside Goons", "minion")):
        danger = {"name": name, "template": template}
        status, _ = evening.director.post(url + "dangers/add/", danger)
        assert status == 200
    for danger in Danger.objects.exclude(name__contains="SECRET"):
        evening.director.post(url + "dangers/reveal/", {"danger": danger.pk, "revealed": "1"})
    status, _ = evening.director.post(url + "tumult/start/")
    assert status == 200


def _paused(evening: Evening) -> None:
    """Bob taps the X-card: the table pauses."""
    status, _ = evening.bob.post(evening.playing["url"] + "x-card/")
    assert status == 200


def _undone(evening: Evening) -> None:
    """The Director undoes Sam's roll: its log row is struck out on every screen."""
    newest = TableEvent.objects.filter(adventure=evening.playing["adventure"]).latest("pk")
    status, _ = evening.director.post(evening.playing["url"] + "undo/", {"event": newest.pk})
    assert status == 200


@dataclass(frozen=True)
class Visit:
    who: str | None  # the username logged in, or None for a visitor
    path: Callable[[Evening], str]
    then: Callable | None = None  # what the person does before axe looks
    before: Callable[[Evening], None] | None = None  # how the table changes before the visit


PAGES = {
    "landing": Visit(None, lambda e: "/"),
    "home": Visit("bob", lambda e: "/home/"),
    "signup": Visit(None, lambda e: "/accounts/signup/"),
    "login": Visit(None, lambda e: "/accounts/login/"),
    "about": Visit(None, lambda e: "/about/"),
    "hero-creation": Visit("bob", lambda e: "/characters/new/"),
    "hero-creation-with-an-error": Visit(
        "bob", lambda e: "/characters/new/", _hero_form_with_an_error
    ),
    "hero-creation-with-rolls": Visit("bob", lambda e: "/characters/new/", _hero_form_with_rolls),
    "character-sheet": Visit("bob", lambda e: f"/characters/{e.playing['sam'].pk}/"),
    "character-list": Visit("bob", lambda e: "/characters/"),
    "adventure-list": Visit("alice", lambda e: "/adventures/"),
    "adventure-outline": Visit("alice", lambda e: f"/adventures/{e.playing['adventure'].pk}/"),
    "join": Visit("dave", lambda e: e.invite),
    "table-director": Visit("alice", lambda e: e.playing["url"], _live),
    "table-player": Visit("bob", lambda e: e.playing["url"], _live),
    "table-player-rule-open": Visit("bob", lambda e: e.playing["url"], _a_rule_open),
    "screen-dark": Visit(None, lambda e: e.screen, _live),
    "table-director-tumult": Visit("alice", lambda e: e.playing["url"], _live, _a_tumult),
    "table-player-tumult": Visit("bob", lambda e: e.playing["url"], _live, _a_tumult),
    "screen-dark-tumult": Visit(None, lambda e: e.screen, _live, _a_tumult),
    "table-player-paused": Visit("bob", lambda e: e.playing["url"], _live, _paused),
    "screen-dark-paused": Visit(None, lambda e: e.screen, _live, _paused),
    "table-director-undone": Visit("alice", lambda e: e.playing["url"], _live, _undone),
    "table-player-undone": Visit("bob", lambda e: e.playing["url"], _live, _undone),
    "campaign-new": Visit("alice", lambda e: "/campaigns/new/"),
    "campaign-director": Visit("alice", lambda e: e.campaign.get_absolute_url()),
    "campaign-player": Visit("bob", lambda e: e.campaign.get_absolute_url()),
    "recap-director": Visit("alice", lambda e: e.recap.get_absolute_url()),
    "recap-player": Visit("bob", lambda e: e.recap.get_absolute_url()),
    "log": Visit("bob", lambda e: f"/adventures/{e.playing['adventure'].pk}/log/"),
    "rules": Visit(None, lambda e: "/rules/"),
    "rule": Visit(None, lambda e: "/rules/lucky-saves/"),
}


# The table's states, each set up once: every page of a state is checked in one go, with one
# page (and one log-in) per person and screen size.
STATES = {None: "quiet", _a_tumult: "tumult", _paused: "paused", _undone: "undone"}


@pytest.mark.parametrize("before", STATES, ids=STATES.values())
def test_every_page_has_no_axe_violations(before, new_page, evening, password, asgi_server):
    if before:
        before(evening)
    found = []
    for viewport in (PHONE, LAPTOP):
        size = f"{viewport['width']}x{viewport['height']}"
        people: dict[str | None, tuple] = {}
        for name, visit in PAGES.items():
            if visit.before is not before:
                continue
            if visit.who not in people:
                page = new_page(viewport)
                if visit.who:
                    log_in(page, visit.who, password)
                people[visit.who] = (page, _foreign_requests(page, asgi_server))
            page, foreign = people[visit.who]
            page.goto(visit.path(evening))
            if visit.then:
                visit.then(page)
            if name.startswith("screen-dark"):
                expect(page.get_by_role("button", name="Theme: dark")).to_be_visible()
            violations = axe_violations(page)
            if violations:
                screenshot(page, f"a11y-{name}-{size}")
                found.append(f"\n== {name} at {size}:{describe(violations)}")
            assert foreign == [], f"{name} at {size} reached beyond the site: {foreign}"
    assert not found, "".join(found)


def test_axe_sees_the_dice_the_lucky_save_and_the_lock_in(new_page, evening, password):
    """The table check above looks at a rolled Gamble, not an empty panel."""
    page = new_page(PHONE)
    log_in(page, "bob", password)
    page.goto(evening.playing["url"])
    panel = gamble_panel(page, "Sam Okafor")
    expect(panel.get_by_role("button", name="Lock in")).to_be_visible()
    expect(panel.get_by_role("button", name="+1 on die 1 (Lucky Save)")).to_be_enabled()
