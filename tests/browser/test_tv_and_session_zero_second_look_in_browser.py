"""A fresh-eyes reviewer's defects on the TV and at session zero (issues 34 and 39): the web of
connections inside the screen at every TV size, the Lines & Veils all at once during play while
they fit, "Previously on…" paced and skippable on a phone, the TV before the first Gamble
giving its room to the join code and the Cast, a Wide Shot detail read as one sentence, and
session zero's choices a thumb can hit on a small phone."""

import pytest
from playwright.sync_api import expect

from characters.models import Character, Relationship
from sessions.models import Adventure, CastMember, SafetyNote
from tests.browser import test_session_zero_in_browser as zero_tests
from tests.browser.conftest import shared_screen
from tests.browser.test_tv_reads_whole_in_browser import (
    EVERY,
    NOT_WHOLE,
    PLAY,
    SHOWN,
    SIZES,
    _evening,
    _settled,
)
from tests.browser.test_tv_stage_in_browser import CLIPPED

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

zero_table = zero_tests.zero_table  # the fixture: Alice's Adventure before its first Scene

AGREED = (
    ("line", "Harm to children"),
    ("line", "Torture"),
    ("veil", "Sexual content"),
    ("veil", "Spiders and creeping things"),
    ("veil", "Drowning"),
    ("line", "Clowns"),
)
OATH = "We swore an oath on the deck of the Marguerite the night the lighthouse went dark"
# Every element's whole box inside the screen (not above its top, not below its foot).
OUTSIDE = """(selector) => Array.from(document.querySelectorAll(selector))
  .filter(el => el.checkVisibility())
  .filter(el => { const b = el.getBoundingClientRect();
    return b.top < -1 || b.left < -1 || b.bottom > innerHeight + 1 || b.right > innerWidth + 1; })
  .map(el => el.textContent.trim().slice(0, 50))"""
# The smallest type of any text shown in session zero, as a share of the screen's height.
SMALLEST = """() => Math.min(...Array.from(document.querySelectorAll('.zero-tv *'))
  .filter(el => el.checkVisibility() && !(el instanceof SVGElement)
    && Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim()))
  .map(el => parseFloat(getComputedStyle(el).fontSize))) / innerHeight"""


def _four_heroes_tied(zero_table, make_user, *, ties: int = 4) -> list[Character]:
    """The reviewer's session zero on its second step: four heroes (one with a long name), six
    agreed Lines & Veils, each hero tied to the next in a long sentence, every other answered."""
    from sessions.actions import session_zero

    adventure = zero_table["adventure"]
    heroes = [zero_table[h] for h in ("sam", "ada", "max")]
    anvil = Character.objects.create(
        owner=make_user("anvil"), name="Sam 'Anvil' Okafor-Whitlock", archetype="brawler"
    )
    CastMember.objects.create(adventure=adventure, character=anvil)
    heroes.append(anvil)
    session_zero.start(adventure, adventure.director)
    session_zero.next_step(adventure, adventure.director)
    for kind, text in AGREED:
        SafetyNote.objects.create(adventure=adventure, kind=kind, text=text)
    # Each hero to the next, then to the one after (one tie a pair, each way).
    pairs = [(n, (n + step) % 4) for step in (1, 2, 3) for n in range(4)]
    for n, (one, other) in enumerate(pairs[:ties]):
        Relationship.objects.create(
            character=heroes[one],
            other=heroes[other],
            description=OATH,
            answer="And I keep it still, come rain or monsoon" if n % 2 else "",
        )
    return heroes


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_the_web_of_connections_and_the_lines_and_veils_fit_the_tv(
    new_page, asgi_server, zero_table, make_user, password, size
):
    heroes = _four_heroes_tied(zero_table, make_user)
    tv = new_page(SIZES[size])
    _settled(tv, shared_screen(asgi_server, zero_table, password))
    tv.screenshot(path=f"artifacts/tv-session-zero-web-second-look-{size}.png")
    web = tv.get_by_role("img", name="The Cast's web of connections")
    for hero in heroes:
        expect(web).to_contain_text(hero.name)
    # Every tie whole, the agreed list whole, all of it on the screen: nothing above its top
    # or below its foot, the type no smaller than the board's floor.
    assert tv.evaluate(CLIPPED) == []
    ties = tv.locator(".zero-ties > li")
    expect(ties).to_have_count(4)
    for tie in ties.all():
        expect(tie).to_be_in_viewport(ratio=1)
    agreed = {f"{kind.capitalize()} {text}" for kind, text in AGREED}
    assert sorted(tv.evaluate(SHOWN, ".zero-agreed li")) == sorted(agreed)
    assert tv.evaluate(OUTSIDE, ".zero-tv h2, .zero-tv p, .zero-ties > li, .zero-agreed li") == []
    assert tv.evaluate(SMALLEST) >= 0.026 - 0.001
    expect(tv.locator(".zero-ties-page")).to_have_count(0)


def test_more_ties_than_fit_page_whole_at_720p(
    new_page, asgi_server, zero_table, make_user, password
):
    """Twelve long ties cannot fit at once even at the floor: whole ties a page, the page
    saying which, the Lines & Veils all in sight throughout."""
    _four_heroes_tied(zero_table, make_user, ties=12)
    tv = new_page(SIZES["720p"])
    _settled(tv, shared_screen(asgi_server, zero_table, password))
    tv.screenshot(path="artifacts/tv-session-zero-web-paged-720p.png")
    assert tv.evaluate(CLIPPED) == []
    shown = tv.evaluate(SHOWN, ".zero-ties > li")
    every = tv.evaluate(EVERY, ".zero-ties > li")
    assert len(every) == 12
    # As many whole ties as the column holds at 720p (five, measured), in order.
    assert shown == every[:5]
    page = tv.locator(".zero-ties-page")
    expect(page).to_have_text("Ties: 1–5 of 12")
    assert len(tv.evaluate(SHOWN, ".zero-agreed li")) == len(AGREED)
    # The next page: the ties right after the fifth, whole, the page saying which.
    expect(page).not_to_have_text("Ties: 1–5 of 12", timeout=12_000)
    after = tv.evaluate(SHOWN, ".zero-ties > li")
    assert after
    assert after == every[5 : 5 + len(after)]
    last = 5 + len(after)
    expect(page).to_have_text(f"Ties: 6–{last} of 12" if last > 6 else "Ties: 6 of 12")
    assert tv.evaluate(CLIPPED) == []
    assert len(tv.evaluate(SHOWN, ".zero-agreed li")) == len(AGREED)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_four_short_lines_and_veils_show_at_once_beside_a_handout_and_the_join_code(
    new_page, asgi_server, playing, password, make_user, size
):
    """The reviewer's table: a handout up, a seat free (the QR code), two Dangers, three Wide
    Shot details and four Lines & Veils. The Lines & Veils show all at once, never "1–2 of
    4"; another list pages first."""
    path = shared_screen(asgi_server, playing, password)
    _evening(playing, make_user, handout_up=True)
    for kind, text in (("line", "Spiders"), ("veil", "Drowning")):
        SafetyNote.objects.create(adventure=playing["adventure"], kind=kind, text=text)
    Adventure.objects.update(seats=8)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.screenshot(path=f"artifacts/tv-lines-veils-at-once-{size}.png")
    safety = tv.evaluate(SHOWN, ".safety-list > li")
    assert len(safety) == 4
    expect(tv.locator(".lines-veils .page-marker:visible")).to_have_count(0)
    expect(tv.get_by_role("region", name="Lines & Veils")).to_be_in_viewport(ratio=1)
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)


# A recap drafted from the log: fifteen short paragraphs (the reviewer's fifteen slides).
FROM_THE_LOG = "\n\n".join(
    f"Scene {n}: Ada Quill talks curator number {n} into opening the archive. It works."
    for n in range(1, 16)
)


def test_previously_on_plays_in_a_minute_and_each_phone_can_skip_its_own(
    new_page, in_hand, asgi_server, playing, password
):
    from sessions.models import Recap, Scene
    from sessions.recaps import sequence
    from tests.browser.conftest import log_in, seated, shared_screen

    url, adventure = playing["url"], playing["adventure"]
    Scene.objects.update(status=Scene.Status.DONE)  # between Scenes
    Recap.objects.create(
        adventure=adventure, title="So far", body=FROM_THE_LOG, published="2026-01-01T00:00:00Z"
    )
    tv = new_page(SIZES["1080p"])
    _settled(tv, shared_screen(asgi_server, playing, password))
    director = seated(new_page, {"width": 1366, "height": 768}, "alice", password, url)
    phones = {}
    for who, size in (
        ("bob", {"width": 360, "height": 780}),
        ("carol", {"width": 390, "height": 844}),
    ):
        phone = phones[who] = in_hand(size)
        log_in(phone, who, password)
        phone.goto(url)
        expect(phone.locator("[data-live-status]")).to_have_text("Live")
    director.get_by_role("button", name="Play “Previously on…”").click()

    # The TV: a few pages of whole sentences, the whole sequence in about a minute.
    expect(tv.locator(".previously-tv")).to_be_visible()
    pages = tv.locator(".previously-tv .previously-text")
    assert 3 <= pages.count() <= 6
    seconds = tv.locator(".previously-tv .previously-page").evaluate_all(
        "pages => pages.reduce((sum, page) => sum + Number(page.dataset.seconds), 0)"
    )
    assert seconds <= 60
    told = " ".join(pages.evaluate_all("pages => pages.map(page => page.textContent)"))
    assert told == " ".join(FROM_THE_LOG.split())  # every sentence, in order, none cut
    assert seconds == sequence.length(sequence.pages(FROM_THE_LOG))

    # Each phone has a Skip in sight on its first screen, a thumb's size.
    for phone in phones.values():
        panel = phone.get_by_role("region", name=adventure.title)
        skip = panel.get_by_role("button", name="Skip", exact=True)
        expect(skip).to_be_in_viewport(ratio=1)
        box = skip.bounding_box()
        assert box["height"] >= 44
        assert box["width"] >= 44
        width = phone.viewport_size["width"]
        phone.screenshot(path=f"artifacts/phone-previously-on-skip-{width}.png")
    # Bob skips: his phone only. Carol's phone and the TV play on.
    phones["bob"].get_by_role("region", name=adventure.title).get_by_role(
        "button", name="Skip", exact=True
    ).click()
    expect(phones["bob"].get_by_role("region", name=adventure.title)).to_be_hidden()
    expect(phones["carol"].get_by_role("region", name=adventure.title)).to_be_visible()
    expect(tv.locator(".previously-tv")).to_be_visible()
    expect(director.get_by_text("“Previously on…” is on the TV")).to_be_visible()
    phones["bob"].reload()
    expect(phones["bob"].locator("[data-live-status]")).to_have_text("Live")
    expect(phones["bob"].get_by_role("region", name=adventure.title)).to_be_hidden()
    # The Director's Skip still ends it everywhere.
    director.get_by_role("button", name="Skip").click()
    expect(tv.locator(".previously-tv")).to_be_hidden()
    expect(phones["carol"].get_by_role("region", name=adventure.title)).to_be_hidden()


PITCH = (
    "A monsoon of clockwork rain drowns the harbour, and the Baron's engines sing beneath the"
    " quay. Someone must find them before the storm breaks."
)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_before_the_first_scene_the_join_code_and_the_cast_take_the_room(
    new_page, asgi_server, adventure, cast_member, carol, password, size
):
    """No empty Latest Gamble taking half the screen before anyone can roll: the Adventure's
    title and pitch, the Cast and the invitation (the QR code big, the code) have the room.
    Once a Scene is in play the Latest Gamble stands ready and the invitation goes back to the
    side column."""
    from sessions.models import Leg, Scene
    from tests.browser.http import Visitor

    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    ada = Character.objects.create(owner=carol, name="Ada Lovelock", archetype="investigator")
    CastMember.objects.create(adventure=adventure, character=ada)
    Adventure.objects.update(seats=5, pitch=PITCH)
    director = Visitor(asgi_server, adventure.director, password)
    assert director.post(f"/adventures/{adventure.pk}/table/screen/", {"enabled": "1"})[0] == 200
    tv = new_page(SIZES[size])
    _settled(tv, f"/screen/{Adventure.objects.get().screen_token}/")
    tv.screenshot(path=f"artifacts/tv-before-the-first-scene-{size}.png")

    expect(tv.locator(".latest")).to_be_hidden()
    expect(tv.get_by_text("No dice rolled yet.")).to_be_hidden()
    pitch = tv.locator(".adventure-pitch")
    expect(pitch).to_have_text(PITCH)
    assert not pitch.evaluate("el => el.scrollHeight > el.clientHeight + 1")  # not cut
    for name in ("Sam Okafor", "Ada Lovelock"):
        expect(tv.locator(".cast-card", has_text=name)).to_be_in_viewport(ratio=1)
    # The invitation under the Cast, where the empty panel stood, its QR code big.
    join = tv.get_by_role("region", name="Join the table")
    expect(join).to_be_in_viewport(ratio=1)
    story = tv.locator(".board-story").bounding_box()
    box = join.bounding_box()
    assert box["x"] + box["width"] <= story["x"] + story["width"] + 1
    assert box["height"] >= story["height"] * 0.4
    qr = tv.locator("svg.join-qr").bounding_box()
    assert qr["height"] >= SIZES[size]["height"] * 0.25
    expect(tv.locator(".join-code")).to_be_in_viewport(ratio=1)
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    assert tv.evaluate("document.documentElement.scrollHeight") <= SIZES[size]["height"]

    # A Scene in play: the Latest Gamble stands ready, the invitation back at the side.
    leg = adventure.legs.get()
    table = f"/adventures/{adventure.pk}/table/"
    assert director.post(table + "leg/start/", {"leg": leg.pk})[0] == 200
    scene = leg.scenes.order_by("position").first()
    assert director.post(table + "scene/start/", {"scene": scene.pk})[0] == 200
    expect(tv.locator(".latest")).to_be_visible()
    # (Waited for, in one reading: the board may still be laying itself out as the Scene
    # comes in.)
    tv.wait_for_function(
        """() => {
            const join = document.querySelector('.board-side .join-box');
            const side = document.querySelector('.board-side');
            if (!join || !join.checkVisibility()) return false;
            return join.getBoundingClientRect().left >= side.getBoundingClientRect().left - 1;
        }"""
    )
    expect(tv.locator(".join-box")).to_have_count(1)


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_wide_shot_detail_reads_as_one_sentence(new_page, asgi_server, playing, password, size):
    """Ada types "A brass key under the doormat": the TV and the phones read "Ada sees a brass
    key under the doormat."; Sam's "Baron Vex's coat on the hook.." keeps its name's capital,
    and one stop (a fresh-eyes review: details ended with ".", none or "..")."""
    from tests.browser.conftest import seated

    url = playing["url"]
    tv = new_page(SIZES[size])
    _settled(tv, shared_screen(asgi_server, playing, password))
    ada = seated(new_page, {"width": 390, "height": 844}, "carol", password, url)
    sam = seated(new_page, {"width": 360, "height": 780}, "bob", password, url)
    ada.get_by_label("What does Ada see?").fill("A brass key under the doormat")
    ada.get_by_role("button", name="Add my detail").click()
    sam.get_by_label("What does Sam Okafor see?").fill("Baron Vex's coat on the hook..")
    sam.get_by_role("button", name="Add my detail").click()
    for page in (tv, ada, sam):
        details = page.locator(".wideshot .details > li")
        expect(details.filter(has_text="Ada sees")).to_have_text(
            "Ada sees a brass key under the doormat."
        )
        expect(details.filter(has_text="Sam Okafor sees")).to_have_text(
            "Sam Okafor sees Baron Vex's coat on the hook."
        )
    tv.screenshot(path=f"artifacts/tv-wide-shot-one-sentence-{size}.png")
    # What Ada typed stays as she typed it in her own field.
    expect(ada.get_by_label("What does Ada see?")).to_have_value("A brass key under the doormat")


# Each box's text inset from its edges (px): its letters' box against its own, least side.
INSETS = """(selector) => Array.from(document.querySelectorAll(selector)).map(el => {
  const box = el.getBoundingClientRect();
  const words = document.createRange();
  words.selectNodeContents(el);
  const text = words.getBoundingClientRect();
  return {text: el.textContent.trim(), height: box.height, width: box.width,
    inset: Math.min(text.left - box.left, box.right - text.right, text.top - box.top,
      box.bottom - text.bottom)};
})"""


@pytest.mark.parametrize("size", [{"width": 360, "height": 780}, {"width": 390, "height": 844}])
def test_session_zero_topics_and_choices_have_room_for_a_thumb(
    in_hand, asgi_server, zero_table, password, size
):
    """Each topic's name sits inside its label with room around it (not touching the edges),
    and each Fine / Veil / Line choice is a touch target at least 44 px tall."""
    from sessions.actions import session_zero
    from tests.browser.conftest import log_in

    adventure = zero_table["adventure"]
    session_zero.start(adventure, adventure.director)
    session_zero.add_topic(adventure, "Ghosts of drowned sailors who knock on the hull at night")
    phone = in_hand(size)
    log_in(phone, "bob", password)
    phone.goto(zero_table["url"])
    expect(phone.get_by_role("heading", name="What's in this game?")).to_be_visible()
    phone.screenshot(path=f"artifacts/phone-session-zero-topics-{size['width']}.png")
    legends = phone.evaluate(INSETS, ".zero-topic > legend")
    assert len(legends) == 10
    for legend in legends:
        assert legend["inset"] >= 5, legend
    choices = phone.evaluate(INSETS, ".zero-choice")
    assert len(choices) == 30
    for choice in choices:
        assert choice["height"] >= 44, choice
        assert choice["width"] >= 44, choice
        assert choice["inset"] >= 5, choice
    assert not phone.evaluate("document.documentElement.scrollWidth > innerWidth")
    # A tap anywhere on a choice's pill marks it.
    torture = phone.get_by_role("group", name="Torture")
    torture.locator(".zero-line").evaluate("el => el.scrollIntoView({block: 'center'})")
    pill = torture.locator(".zero-line").bounding_box()
    phone.mouse.click(pill["x"] + pill["width"] - 8, pill["y"] + pill["height"] / 2)
    expect(torture.get_by_label("Line")).to_be_checked()
