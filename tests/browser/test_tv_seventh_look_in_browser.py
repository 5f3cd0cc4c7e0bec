"""The TV as a fresh pair of eyes saw it at 1920×1080 and 1280×720 (EVENING.md): the
invitation between Legs whole inside its card with faces in the Cast; one moment at a time in
the spotlight, even as one gives way to the next; a Group Gamble and a Gamble at a Danger that
say each thing once."""

import pytest
from playwright.sync_api import expect

from characters.models import Character
from sessions.actions import legs
from sessions.models import Adventure, CastMember, Danger, Gamble
from tests.browser.conftest import drawn, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_and_session_zero_second_look_in_browser import PITCH
from tests.browser.test_tv_reads_whole_in_browser import SIZES, _settled
from tests.images import picture

pytestmark = [pytest.mark.browser, pytest.mark.looks, pytest.mark.django_db(transaction=True)]


def _post(who, url, data=None):
    status, body = who.post(url, data or {})
    assert status == 200, (url, body[-600:])


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_between_legs_the_qr_code_stays_inside_its_card_with_faces_in_the_cast(
    new_page, asgi_server, playing, password, make_user, size
):
    """Defect 1: after Leg 1 ended the invitation came back under a Cast made taller by its
    portraits, and its QR code stuck out of the card, over the Cast."""
    adventure = playing["adventure"]
    heroes = [playing["sam"], playing["ada"]]
    # Names of table-top length: a row may take two lines beside its face.
    Character.objects.filter(pk=heroes[0].pk).update(name="Sam 'Anvil' Okafor-Whitlock of Wapping")
    Character.objects.filter(pk=heroes[1].pk).update(name="Ada Lovelock-Pemberton of the Quays")
    for n, name in enumerate(
        ("Mira Vance-Delacroix the Younger", "Theodore Brass-Featherstonehaugh")
    ):
        hero = Character.objects.create(owner=make_user(f"p{n}"), name=name, archetype="explorer")
        CastMember.objects.create(adventure=adventure, character=hero)
        heroes.append(hero)
    for hero in heroes:
        owner = Visitor(asgi_server, hero.owner, password)
        status, _ = owner.upload(
            f"/characters/{hero.pk}/portrait/", "portrait", "face.jpg", picture("JPEG", (400, 400))
        )
        assert status == 200
    # A seat still free (the invitation is up) and a pitch of a few lines above the Cast.
    Adventure.objects.update(seats=5, pitch=PITCH)
    legs.end_leg(adventure, adventure.director)
    path = shared_screen(asgi_server, playing, password)
    tv = new_page(SIZES[size])
    _settled(tv, path)
    tv.locator(".spotlight-part").evaluate("holder => holder.dataset.shownFor = 1")
    expect(tv.locator(".spotlight-part")).not_to_have_class("spotlight-part is-on")
    # A TV that crops its edges: the widest margin, so the board has less room still.
    edge = tv.get_by_role("button", name="Edge margin")
    edge.click()
    edge.click()
    expect(edge).to_have_text("Edge margin: 5%")
    card = tv.locator(".join-part.is-welcome .join-box")
    expect(card).to_be_visible()
    tv.wait_for_function(
        "() => Array.from(document.querySelectorAll('.cast-card img.portrait, img.join-qr'))"
        ".every((img) => img.complete)"
    )
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv-seventh-look-between-legs-{size}.png")
    expect(tv.locator(".cast-card img.portrait")).to_have_count(4)
    qr = card.locator(".join-qr").bounding_box()
    box = card.bounding_box()
    cast = tv.get_by_role("region", name="The Cast").bounding_box()
    assert qr["y"] >= box["y"] - 0.5, (qr, box)
    assert qr["y"] + qr["height"] <= box["y"] + box["height"] + 0.5, (qr, box)
    assert box["y"] >= cast["y"] + cast["height"] - 0.5, (box, cast)
    # Still a code a phone can read from the sofa.
    assert qr["height"] >= 120 * tv.viewport_size["height"] / 1080, qr
    # Its words in one size ("Scan, or go" was drawn smaller than "to", a fresh-eyes TV).
    sizes = card.locator(".join-code-line").evaluate(
        "line => [line, line.querySelector('.join-scan')].map(el => getComputedStyle(el).fontSize)"
    )
    assert sizes[0] == sizes[1], sizes
    assert tv.evaluate("document.documentElement.scrollHeight") <= tv.viewport_size["height"]


def test_one_moment_gives_way_to_the_next_never_two_drawn_over_each_other(
    new_page, asgi_server, playing, password, load_dice
):
    """Defect 10: between a Group Gamble member's roll and its tally a screenshot caught two
    moments over each other: the new card came in see-through over the board and its Latest
    Gamble. The card is solid from its first frame; one moment is in the spotlight at a time."""
    sam, ada = playing["sam"], playing["ada"]
    path = shared_screen(asgi_server, playing, password)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    bob = Visitor(asgi_server, sam.owner, password)
    carol = Visitor(asgi_server, ada.owner, password)
    url = playing["url"]
    tv = new_page(SIZES["1080p"])
    _settled(tv, path)
    # Each moment up a short while: the next one follows as the one before goes.
    tv.locator(".spotlight-part").evaluate("holder => holder.dataset.readFor = 300")
    # Every drawing of the spotlight, caught as its entrance begins and a third of the way in.
    tv.evaluate(
        """() => {
          window.caught = [];
          const holder = document.querySelector('.spotlight-part');
          const look = () => {
            const cards = Array.from(holder.querySelectorAll('.spotlight'));
            const solid = cards.map((card) => {
              let opacity = 1;
              for (let at = card; at; at = at.parentElement) {
                opacity *= Number(getComputedStyle(at).opacity);
              }
              return opacity;
            });
            if (!holder.classList.contains('is-on')) return;
            window.caught.push({ cards: cards.length, solid });
          };
          new MutationObserver(() => {
            const at = (fraction) => {
              document.getAnimations().forEach((a) => a.pause());
              document.getAnimations().forEach((a) => (a.currentTime = 380 * fraction));
              look();
              document.getAnimations().forEach((a) => a.play());
            };
            // Looked at once the page has had its own look (screen.js answers a redraw on the
            // next frame: the spotlight is on from then).
            requestAnimationFrame(() => { at(0); at(0.15); at(0.35); });
          }).observe(holder, { childList: true, subtree: true });
        }"""
    )
    post = lambda who, action, data=None: _post(who, url + action, data)  # noqa: E731
    post(director, "group/", {"text": "Outrun the flood"})
    for who, hero, dice in ((bob, sam, (5, 2)), (carol, ada, (1, 2))):
        load_dice(*dice)
        post(
            who, f"roll/{hero.pk}/", {"request_id": f"flee-gamble-{hero.pk}", "intent": "outrun it"}
        )
        gamble = Gamble.objects.filter(character=hero).latest("pk")
        post(who, f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    expect(tv.locator(".spotlight-part")).to_contain_text("came good")
    caught = tv.evaluate("window.caught")
    assert len(caught) >= 3, caught
    assert all(look["cards"] == 1 for look in caught), caught
    assert all(min(look["solid"]) > 0.99 for look in caught), caught
    tv.screenshot(path="artifacts/tv-seventh-look-tally-1080p.png")


@pytest.mark.parametrize("size", ["720p", "1080p"])
def test_a_group_gamble_says_the_action_once_and_a_gamble_names_its_danger_once(
    new_page, asgi_server, playing, password, load_dice, size
):
    """Defect 7: the Group Gamble's moment repeated its whole action for each hero ("Sam
    Okafor tries to outrun the flood", "Ada tries to outrun the flood"), and a Gamble typed at a
    Danger read "…hurl it at Vell's Thugs, against Vell's Thugs"."""
    sam, ada = playing["sam"], playing["ada"]
    thugs = Danger.objects.get()
    Danger.objects.filter(pk=thugs.pk).update(name="Vell's Thugs", revealed=True)
    path = shared_screen(asgi_server, playing, password)
    director = Visitor(asgi_server, playing["adventure"].director, password)
    bob = Visitor(asgi_server, sam.owner, password)
    carol = Visitor(asgi_server, ada.owner, password)
    url = playing["url"]
    tv = new_page(SIZES[size])
    _settled(tv, path)
    spotlight = tv.locator(".spotlight-part")
    spotlight.evaluate("holder => holder.dataset.shownFor = 60000")
    post = lambda who, action, data=None: _post(who, url + action, data)  # noqa: E731

    post(director, "group/", {"text": "Outrun the flood"})
    intents = {sam: "Outrun the flood", ada: "Climb onto the roof"}
    for who, hero, dice in ((bob, sam, (5, 2)), (carol, ada, (1, 2))):
        load_dice(*dice)
        post(
            who,
            f"roll/{hero.pk}/",
            {"request_id": f"flood-gamble-{hero.pk}", "intent": intents[hero]},
        )
        gamble = Gamble.objects.filter(character=hero).latest("pk")
        post(who, f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    expect(spotlight).to_contain_text("came good")
    rows = spotlight.locator(".spot-members li")
    expect(rows.locator(".member-who")).to_have_text(
        ["Sam Okafor", "Ada tries to climb onto the roof"]
    )
    expect(rows.first).to_contain_text("Success!")
    tv.screenshot(path=f"artifacts/tv-seventh-look-group-{size}.png")

    load_dice(6, 1)
    post(
        bob,
        f"roll/{sam.pk}/",
        {"request_id": "hurl-at-thugs", "intent": "Hurl it at Vell's Thugs", "danger": thugs.pk},
    )
    kicker = spotlight.locator(".spot-kicker")
    # (After the tally has been read whole.)
    expect(kicker).to_contain_text("Vell's Thugs", timeout=20000)
    expect(kicker).not_to_contain_text("against")
    expect(tv.locator(".latest-what")).not_to_contain_text("against")
    tv.screenshot(path=f"artifacts/tv-seventh-look-against-{size}.png")
