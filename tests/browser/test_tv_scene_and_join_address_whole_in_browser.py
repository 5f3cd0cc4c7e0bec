"""The fresh-eyes review's TV (tv8): in a crowded moment (a Tumult running, a Group Gamble
under way, six heroes in the Cast) the Scene still says Where, What and Who, each at least its
first line (shortened with "…" if need be: the framing is prose, but it carries play, so it
never goes); and the join address ("127.0.0.1:8790/join/") reads as one unbroken piece, the
code on its own line under it."""

import pytest
from playwright.sync_api import expect

from sessions.models import Adventure, Gamble, Scene
from tests.browser.conftest import drawn, shared_screen
from tests.browser.http import Visitor
from tests.browser.test_tv_reads_whole_in_browser import (
    NOT_WHOLE,
    PLAY,
    _settled,
    crowded,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TV_SIZES = {"720p": {"width": 1280, "height": 720}, "1080p": {"width": 1920, "height": 1080}}
FRAMING = {
    "Where": "The flooded Custom House, brass pipes groaning under the water line",
    "What": "The Baron's engines are drowning the harbour; the heroes must shut the sluice",
    "Who": "Brass Jack and his dockside goons, and a harbourmaster who knows too much",
}

# Each framing line of the Scene: its term and its text in sight, with how many lines it shows.
FRAMING_SHOWN = """() => Array.from(document.querySelectorAll('.scene-panel dd')).map(dd => {
  const term = dd.previousElementSibling;
  const box = dd.getBoundingClientRect();
  const lineHeight = parseFloat(getComputedStyle(dd).lineHeight);
  const inView = box.top >= 0 && box.bottom <= innerHeight + 1;
  return {
    term: term && term.checkVisibility() ? term.textContent.trim() : null,
    shown: dd.checkVisibility() && inView,
    lines: Math.round(box.height / lineHeight),
  };
})"""


def _crowded_moment(asgi_server, playing, password, make_user, load_dice) -> None:
    """The reviewer's moment: six heroes, a Tumult, and a Group Gamble two heroes have rolled."""
    heroes = crowded(playing, make_user)
    Scene.objects.filter(status=Scene.Status.PLAYING).update(
        framing_where=FRAMING["Where"], framing_what=FRAMING["What"], framing_who=FRAMING["Who"]
    )
    url = playing["url"]
    director = Visitor(asgi_server, playing["adventure"].director, password)
    assert director.post(url + "tumult/start/")[0] == 200
    task = {"text": "Hold the sluice gate shut while the brass engines hammer at it"}
    assert director.post(url + "group/", task)[0] == 200
    for hero, dice in ((heroes[0], (1, 2)), (heroes[1], (5, 6))):
        player = Visitor(asgi_server, hero.owner, password)
        load_dice(*dice)
        roll = {"request_id": f"tv8-group-{hero.pk}", "intent": "hold the gate"}
        assert player.post(url + f"roll/{hero.pk}/", roll)[0] == 200
        gamble = Gamble.objects.filter(character=hero).latest("pk")
        assert player.post(url + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})[0] == 200


@pytest.mark.parametrize("size", TV_SIZES, ids=list(TV_SIZES))
def test_in_a_tumult_with_a_group_gamble_the_scene_still_says_where_what_and_who(
    new_page, asgi_server, playing, password, make_user, load_dice, size
):
    path = shared_screen(asgi_server, playing, password)
    _crowded_moment(asgi_server, playing, password, make_user, load_dice)
    tv = new_page(TV_SIZES[size])
    _settled(tv, path)
    expect(tv.locator(".tumult")).to_contain_text("Tumult!")
    expect(tv.locator(".spotlight-part")).to_be_hidden()  # the board, as it settles
    tv.screenshot(path=f"artifacts/tv8-scene-framing-crowded-{size}.png")
    framing = tv.evaluate(FRAMING_SHOWN)
    assert [line["term"] for line in framing] == ["Where", "What", "Who"], framing
    assert all(line["shown"] and line["lines"] >= 1 for line in framing), framing
    # The rest of the board stays whole: the framing's room is not taken from what carries play.
    assert tv.evaluate("document.documentElement.scrollHeight") <= TV_SIZES[size]["height"]
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    expect(tv.get_by_role("region", name="The Cast")).to_be_in_viewport(ratio=1)
    expect(tv.get_by_role("region", name="Latest Gamble")).to_be_in_viewport(ratio=1)


# The join address's lines and the code's, as drawn (each a set of line tops).
ADDRESS_LINES = """() => {
  const line = document.querySelector('.join-code-line');
  const [address, code] = line.querySelectorAll('strong');
  const tops = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return Array.from(new Set(Array.from(range.getClientRects()).filter(r => r.width)
      .map(r => Math.round(r.top))));
  };
  return {address: tops(address), code: tops(code), text: address.textContent,
          right: address.getBoundingClientRect().right,
          room: line.closest('.join-box').getBoundingClientRect().right};
}"""


# (The last, longer than a card's line at the board's type: it draws smaller, whole.)
@pytest.mark.parametrize(
    "host", ["127.0.0.1:8790", "enigma.example.org", "enigma-table.our-gaming-club.example.org"]
)
@pytest.mark.parametrize("size", TV_SIZES, ids=list(TV_SIZES))
def test_the_join_address_reads_as_one_unbroken_piece(
    new_page, asgi_server, playing, password, make_user, load_dice, size, host
):
    path = shared_screen(asgi_server, playing, password)
    crowded(playing, make_user)
    Adventure.objects.update(seats=8)  # six heroes at a table of eight: the invitation is up
    tv = new_page(TV_SIZES[size])
    _settled(tv, path)
    expect(tv.get_by_role("heading", name="Join the table")).to_be_visible()
    # The host the TV was opened at (the test server's own port varies): as a table's would be.
    address = tv.locator(".join-code-line strong").first
    expect(address).to_have_text(f"{asgi_server.removeprefix('http://')}/join/")
    address.evaluate("(el, host) => { el.textContent = host + '/join/'; }", host)
    drawn(tv)
    tv.screenshot(path=f"artifacts/tv8-join-address-{host.split('.')[0]}-{size}.png")
    lines = tv.evaluate(ADDRESS_LINES)
    assert lines["text"] == f"{host}/join/"
    assert len(lines["address"]) == 1, lines  # one line, never "127.0.0.1:8790" / "/join/"
    assert len(lines["code"]) == 1, lines
    assert lines["code"][0] > lines["address"][0], lines  # the code on a line of its own
    assert lines["right"] <= lines["room"] + 1, lines  # inside its card
    not_whole = tv.evaluate(NOT_WHOLE, PLAY)
    assert not_whole == [], "\n".join(not_whole)
    assert tv.evaluate("document.documentElement.scrollWidth") <= TV_SIZES[size]["width"]
