"""Drawings kept (`sessions.parts.kept`): each part of a table is drawn once per audience and
moment of the table (its last event, and `Adventure.updated`), by whoever comes first (the
broadcast of an event, a page, a stream's catch-up), and reused by the others; a page is the
shell around them, byte for byte the page drawn whole. Every change a page shows that isn't
an event makes a new moment."""

import asyncio
import re
from collections import Counter

import pytest

from characters.models import Character
from sessions import live, parts
from sessions.live.drawing import draw_for
from sessions.models import Adventure, CastMember, Gamble, Handout, Scene
from sessions.parts import drawing, kept
from sessions.rules import LoadedDice, use_dice
from sessions.views import table as table_views
from tests import images
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db


PER_REQUEST = {part.name for part in parts.PARTS.values() if part.per_request}


@pytest.fixture
def drawings(monkeypatch):
    """Every part drawn from here on, as (its stream name, the audience it was drawn for), but
    those drawn for each request, never kept (`Part.per_request`)."""
    made: list[tuple[str, str]] = []
    render = drawing._render

    def counted(part, context):
        panel = context.get("panel")
        hero = panel["character"].pk if panel else None
        if part.name not in PER_REQUEST:
            made.append((part.signal(hero), parts.audience(part, context["viewer"])))
        return render(part, context)

    monkeypatch.setattr(drawing, "_render", counted)
    return made


@pytest.fixture
def screens(playing, make_user, client):
    """Sam and Ada's table with a third player, the Director and the TV, each a browser."""
    adventure = playing["adventure"]
    adventure.screen_token = "tv-token-for-the-test"
    adventure.save(update_fields=["screen_token"])
    hero = Character.objects.create(owner=make_user("p0"), name="Hero 0", archetype="ace")
    CastMember.objects.create(adventure=adventure, character=hero)
    director = client
    director.force_login(adventure.director)
    browsers = {
        f"player-{playing['sam'].owner_id}": (player_client(playing["sam"]), playing["url"]),
        f"player-{playing['ada'].owner_id}": (player_client(playing["ada"]), playing["url"]),
        f"player-{hero.owner_id}": (player_client(hero), playing["url"]),
        "director": (director, playing["url"]),
        "screen": (player_client(playing["sam"]), "/screen/tv-token-for-the-test/"),
    }
    seats = [live.Listener(adventure.pk, c.owner_id) for c in adventure.cast_characters()]
    seats += [live.Listener(adventure.pk, adventure.director_id, directs=True)]
    seats += [live.Listener(adventure.pk)]
    return playing | {"browsers": browsers, "seats": {s.audience: s for s in seats}}


def _get(browser) -> str:
    client, url = browser
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


TOKEN = re.compile(r'(csrfmiddlewaretoken" value="|"X-CSRFToken": "|nonce=")([^"]+)"')


def _same_page(html: str) -> str:
    """The page with what is drawn for each request alone (its CSRF token, its script nonce)
    left out."""
    return TOKEN.sub(r'\1"', html)


def _drawn_whole(browser, monkeypatch) -> str:
    """The page as drawn before drawings were kept: every part in place, none kept."""
    with monkeypatch.context() as patch:
        patch.setattr(table_views, "shell_context", parts.page_context)
        patch.setattr("sessions.views.live.shell_context", parts.page_context)
        return _get(browser)


def _roll(table) -> int:
    sam = table["sam"]
    url = table["url"] + f"roll/{sam.pk}/"
    with use_dice(LoadedDice([6, 2])):
        response = player_client(sam).post(
            url, gamble_form("request-0001", advantages=1), headers=HTMX
        )
    assert response.status_code == 200
    return kept.last_event(table["adventure"].pk)


def test_a_page_after_an_event_reuses_what_its_broadcast_drew(
    screens, drawings, monkeypatch, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        event = _roll(screens)
    _table, streams = draw_for(event, screens["seats"])
    broadcast = Counter(drawings)
    assert ("latest", "everyone") in broadcast  # the roll redrew the latest Gamble
    sam = f"player-{screens['sam'].owner_id}"
    assert (f"gamble-{screens['sam'].pk}", sam) in broadcast
    pages = {audience: _get(browser) for audience, browser in screens["browsers"].items()}
    # No part drawn twice for one audience at this event: the pages drew only what the
    # broadcast didn't (the parts the roll left as they were).
    assert max(Counter(drawings).values()) == 1
    assert len(drawings) > len(broadcast)
    # ...and a second round of pages draws nothing at all, nor does a stream's snapshot.
    drawings.clear()
    again = {audience: _get(browser) for audience, browser in screens["browsers"].items()}
    adventure = Adventure.objects.get(pk=screens["adventure"].pk)
    for listener in screens["seats"].values():
        live.snapshot(listener, adventure)
    assert drawings == []
    for audience, browser in screens["browsers"].items():
        whole = _same_page(_drawn_whole(browser, monkeypatch))
        assert _same_page(pages[audience]) == whole, audience
        assert _same_page(again[audience]) == whole, audience
    # The streams' drawings are the kept ones, with no token in their forms.
    assert kept.MARK not in b"".join(streams.values()).decode()
    assert kept.MARK not in "".join(pages.values())
    assert 'name="csrfmiddlewaretoken" value=""' in streams[sam].decode()


def test_an_event_carries_the_drawings_it_left_alone_forward(
    screens, drawings, monkeypatch, django_capture_on_commit_callbacks
):
    """Pages open before a roll and a lock-in: the broadcast of each draws what it changed,
    and the rest of every page holds; a page loaded afterwards draws nothing."""
    for browser in screens["browsers"].values():
        _get(browser)
    with django_capture_on_commit_callbacks(execute=True):
        roll = _roll(screens)
    draw_for(roll, screens["seats"])
    gamble = Gamble.objects.get(locked=False)
    sam = player_client(screens["sam"])
    with django_capture_on_commit_callbacks(execute=True):
        url = screens["url"] + f"gambles/{gamble.pk}/lock/"
        assert sam.post(url, {"step": gamble.step}, headers=HTMX).status_code == 200
    lock_in = kept.last_event(screens["adventure"].pk)
    drawings.clear()
    draw_for(lock_in, screens["seats"])
    broadcast = list(drawings)
    assert ("latest", "everyone") in broadcast
    assert ("scene", "everyone") not in broadcast  # a lock-in leaves the Scene be
    pages = {audience: _get(browser) for audience, browser in screens["browsers"].items()}
    # The pages drew nothing but the whole log (its rows come to the streams one by one): once
    # for the table, once for the screen.
    assert drawings == [*broadcast, ("log-all", "everyone"), ("log-all", "screen")]
    for audience, browser in screens["browsers"].items():
        assert "locks in" in pages[audience]
        whole = _same_page(_drawn_whole(browser, monkeypatch))
        assert _same_page(pages[audience]) == whole, audience


def test_an_event_carries_nothing_over_a_gap(screens, drawings, django_capture_on_commit_callbacks):
    """An event this process's broadcast didn't draw (another process's, or one heard while no
    stream was open) comes between: what is kept is of an older moment, and is drawn again."""
    browser = screens["browsers"]["director"]
    _get(browser)
    with django_capture_on_commit_callbacks(execute=True):
        _roll(screens)  # not drawn here
    gamble = Gamble.objects.get(locked=False)
    with django_capture_on_commit_callbacks(execute=True):
        url = screens["url"] + f"gambles/{gamble.pk}/lock/"
        sam = player_client(screens["sam"])
        assert sam.post(url, {"step": gamble.step}, headers=HTMX).status_code == 200
    draw_for(kept.last_event(screens["adventure"].pk), screens["seats"])
    drawings.clear()
    _get(browser)
    assert ("scene", "everyone") in drawings  # drawn again: the roll came between


def test_a_page_nobody_drew_at_this_moment_is_drawn_once_and_kept(screens, drawings, monkeypatch):
    browser = screens["browsers"]["director"]
    first = _get(browser)
    assert max(Counter(drawings).values()) == 1
    drawings.clear()
    _get(browser)
    assert drawings == []
    assert _same_page(first) == _same_page(_drawn_whole(browser, monkeypatch))


def test_what_holds_the_request_or_the_time_is_drawn_for_each_page(screens):
    """The TV's QR code (the address the TV reached), "Previously on…" (from where it is
    now), the Director's line saying it plays, and a player's own Wide Shot form (holding their
    detail as it stands, which the live board doesn't redraw) and session zero (a player's marks
    change with no event) are drawn by each page, never kept."""
    assert {
        "join",
        "previously",
        "director-stage",
        "wideshot",
        "session-zero",
        "after-the-end",
    } == PER_REQUEST
    director = _get(screens["browsers"]["director"])
    screen = _get(screens["browsers"]["screen"])
    assert "Moment: " in director  # the Director's "On the TV now" line
    assert 'id="previously-panel"' in screen
    assert kept.size()[1] > 0
    assert not any(name in PER_REQUEST for name, _hero, _audience in _kept_keys(screens))


def _kept_keys(screens) -> list:
    return list(kept._tables[screens["adventure"].pk].by_key)


def test_the_page_is_its_own_with_forms_carrying_its_token(screens):
    sam_page = _get(screens["browsers"][f"player-{screens['sam'].owner_id}"])
    tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]*)"', sam_page))
    assert len(tokens) == 1
    assert "" not in tokens
    assert kept.MARK not in sam_page


def test_a_process_keeps_a_bounded_number_of_tables(playing, monkeypatch):
    """Each table's drawings are of its newest moment only, a table is forgotten when its
    last stream closes, and a process keeps at most `kept.TABLES` tables."""
    adventure = playing["adventure"]
    sam = live.Listener(adventure.pk, playing["sam"].owner_id)
    for _ in range(3):  # new moments of one table: still one set of drawings
        live.snapshot(sam, Adventure.objects.get(pk=adventure.pk))
        one = kept.size()
        kept.changed(adventure)
    assert one[0] == 1
    live.snapshot(sam, Adventure.objects.get(pk=adventure.pk))
    assert kept.size() == one
    monkeypatch.setattr(kept, "TABLES", 20)
    director = adventure.director
    for n in range(50):
        other = Adventure.objects.create(director=director, title=f"Table {n}")
        live.snapshot(live.Listener(other.pk, director.pk, directs=True), other)
        assert kept.size()[0] <= kept.TABLES
    assert kept.size()[0] == kept.TABLES
    kept.forget_all()
    assert kept.size() == (0, 0)


@pytest.mark.django_db(transaction=True)
def test_500_tables_opened_and_closed_leave_nothing_kept(playing):
    """A table's drawings go when its last stream in the process closes."""
    from tests.integration.test_one_broadcast_per_table import _let_go

    director = playing["adventure"].director
    tables = [playing["adventure"].pk] + [
        Adventure.objects.create(director=director, title=f"Table {n}").pk for n in range(499)
    ]

    async def open_and_close() -> list[tuple[int, int]]:
        sizes = []
        for pk in tables:
            listener = live.Listener(pk, director.pk, directs=True)
            async with live.opened(listener, None) as outlet:
                bodies = outlet.bodies()
                await asyncio.wait_for(anext(bodies), 10)  # "retry:"
                await asyncio.wait_for(anext(bodies), 10)  # the snapshot, drawn and kept
                sizes.append(kept.size()[0])
            await bodies.aclose()
        await _let_go()
        return sizes

    sizes = asyncio.run(open_and_close())
    assert set(sizes) == {1}  # while its stream is open, the table's drawings are kept
    assert kept.size() == (0, 0)


# Every change a page shows that isn't an event: each makes a new moment, and the page after
# it shows it (and is the page drawn whole).


def _changes_and_shows(screens, audience, change, shown: str, monkeypatch) -> None:
    browser = screens["browsers"][audience]
    before = _get(browser)
    assert shown not in before
    at = Adventure.objects.get(pk=screens["adventure"].pk).updated
    change()
    assert Adventure.objects.get(pk=screens["adventure"].pk).updated > at
    assert shown in _get(browser)  # (with the change's own message, if it says one)
    assert _same_page(_get(browser)) == _same_page(_drawn_whole(browser, monkeypatch))


def _scene(screens) -> Scene:
    return Scene.objects.get(leg__adventure=screens["adventure"], status=Scene.Status.PLAYING)


def _resubmit(client, url: str, **changes) -> None:
    """Send a prep form back as its page offers it, with ``changes``."""
    form = client.get(url).context["form"]
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()} | changes
    response = client.post(url, data)
    assert response.status_code in (200, 302)
    assert "errorlist" not in response.content.decode()


def test_a_prep_edit_of_the_scene_in_play(screens, monkeypatch):
    scene, pk = _scene(screens), screens["adventure"].pk
    director = screens["browsers"]["director"][0]
    url = f"/adventures/{pk}/legs/{scene.leg_id}/scenes/{scene.pk}/edit/"

    def edit():
        _resubmit(director, url, beat="Questions in the rain")

    sam = f"player-{screens['sam'].owner_id}"
    _changes_and_shows(screens, sam, edit, "Questions in the rain", monkeypatch)


def test_a_prep_edit_of_the_adventure(screens, monkeypatch):
    pk = screens["adventure"].pk
    director = screens["browsers"]["director"][0]

    def edit():
        _resubmit(director, f"/adventures/{pk}/edit/", title="The Brass Monsoon")

    _changes_and_shows(screens, "screen", edit, "The Brass Monsoon", monkeypatch)


def test_a_handout_edited_in_prep(screens, monkeypatch):
    adventure = screens["adventure"]
    handout = images.handout(adventure, "Ledger")
    director = screens["browsers"]["director"][0]

    def edit():
        url = f"/adventures/{adventure.pk}/handouts/{handout.pk}/edit/"
        assert director.post(url, {"caption": "The torn ledger", "attach": ""}).status_code in (
            200,
            302,
        )
        assert Handout.objects.get(pk=handout.pk).caption == "The torn ledger"

    _changes_and_shows(screens, "director", edit, "The torn ledger", monkeypatch)


def test_the_directors_own_notes(screens, monkeypatch):
    pk = screens["adventure"].pk
    director = screens["browsers"]["director"][0]

    def save():
        url = f"/adventures/{pk}/table/notes/"
        response = director.post(url, {"table_notes": "Pillai hides the key"}, headers=HTMX)
        assert response.status_code == 200

    _changes_and_shows(screens, "director", save, "Pillai hides the key", monkeypatch)


def test_a_players_hero_notes(screens, monkeypatch):
    sam, pk = screens["sam"], screens["adventure"].pk
    client = screens["browsers"][f"player-{sam.owner_id}"][0]

    def save():
        url = f"/adventures/{pk}/table/hero-notes/{sam.pk}/"
        response = client.post(url, {"notes": "Owes Pillai a favour"}, headers=HTMX)
        assert response.status_code == 200

    _changes_and_shows(screens, f"player-{sam.owner_id}", save, "Owes Pillai a favour", monkeypatch)


def test_a_hero_edited_on_its_sheet(screens, monkeypatch):
    sam = screens["sam"]
    client = screens["browsers"][f"player-{sam.owner_id}"][0]

    def notes():
        url = f"/characters/{sam.pk}/notes/"
        assert client.post(url, {"notes": "Knows every knot"}).status_code in (200, 302)

    _changes_and_shows(screens, f"player-{sam.owner_id}", notes, "Knows every knot", monkeypatch)


def _redrawn(screens, audience, change, monkeypatch, *, shown="", gone="") -> None:
    """``change`` makes a new moment of the table: ``audience``'s page after it (kept from
    then on) is the page drawn whole, with ``shown`` in it and ``gone`` no more."""
    browser = screens["browsers"][audience]
    before = _same_page(_get(browser))
    assert shown not in before or not shown
    assert gone in before
    at = Adventure.objects.get(pk=screens["adventure"].pk).updated
    change()
    assert Adventure.objects.get(pk=screens["adventure"].pk).updated > at
    _get(browser)  # (with the change's own message, if it says one)
    after = _same_page(_get(browser))
    assert after != before or not (shown or gone)
    assert shown in after
    assert not gone or gone not in after
    assert after == _same_page(_drawn_whole(browser, monkeypatch))


def _director(screens):
    return screens["browsers"]["director"][0]


def test_a_leg_edited_in_prep(screens, monkeypatch):
    scene, pk = _scene(screens), screens["adventure"].pk
    url = f"/adventures/{pk}/legs/{scene.leg_id}/edit/"
    change = lambda: _resubmit(_director(screens), url, title="A Ticking in the Fog")  # noqa: E731
    _redrawn(screens, "screen", change, monkeypatch, shown="A Ticking in the Fog")


def test_a_key_location_edited_in_prep(screens, monkeypatch):
    scene, pk = _scene(screens), screens["adventure"].pk
    url = f"/adventures/{pk}/legs/{scene.leg_id}/locations/{scene.key_location_id}/edit/"
    said = "A rickety office on rotten stilts."

    def change():
        _resubmit(_director(screens), url, public_description=said)

    _redrawn(screens, f"player-{screens['sam'].owner_id}", change, monkeypatch, shown=said)


def test_a_danger_deleted_in_prep(screens, monkeypatch):
    danger = _scene(screens).key_location.dangers.get()
    pk = screens["adventure"].pk

    def change():
        response = _director(screens).post(f"/adventures/{pk}/danger/{danger.pk}/delete/")
        assert response.status_code in (200, 302)

    _redrawn(screens, "director", change, monkeypatch, gone=danger.name)


def test_a_scene_added_and_scenes_reordered_in_prep(screens, monkeypatch):
    scene, pk = _scene(screens), screens["adventure"].pk
    director = _director(screens)

    def add():
        url = f"/adventures/{pk}/legs/{scene.leg_id}/scenes/new/"
        form = director.get(url).context["form"]
        data = {name: form[name].value() or "" for name in form.fields}
        response = director.post(url, data | {"beat": "A chase over the rooftops"})
        assert response.status_code in (200, 302)
        assert Scene.objects.filter(beat="A chase over the rooftops").exists()

    _redrawn(screens, "director", add, monkeypatch)  # (a planned Scene: in the prep alone)
    last = Scene.objects.filter(leg_id=scene.leg_id).order_by("-position").first()

    def move():
        url = f"/adventures/{pk}/scene/{last.pk}/move/"
        assert director.post(url, {"direction": "up"}).status_code in (200, 302)

    _redrawn(screens, "director", move, monkeypatch)


def test_a_handout_added_and_deleted_in_prep(screens, monkeypatch):
    pk = screens["adventure"].pk
    director = _director(screens)

    def add():
        picture = images.upload(images.picture())
        data = {"caption": "The harbour map", "picture": picture, "attach": ""}
        assert director.post(f"/adventures/{pk}/handouts/new/", data).status_code == 302

    _redrawn(screens, "director", add, monkeypatch, shown="The harbour map")
    handout = Handout.objects.get(caption="The harbour map")

    def delete():
        url = f"/adventures/{pk}/handouts/{handout.pk}/delete/"
        assert director.post(url).status_code == 302

    _redrawn(screens, "director", delete, monkeypatch, gone="The harbour map")


def test_a_crib_line_ticked(screens, monkeypatch):
    pk = screens["adventure"].pk
    page = _get(screens["browsers"]["director"])
    line = re.search(r'name="line" value="([^"]+)"', page).group(1)

    def tick():
        url = f"/adventures/{pk}/table/crib/tick/"
        response = _director(screens).post(url, {"line": line, "used": "1"}, headers=HTMX)
        assert response.status_code == 200

    _redrawn(screens, "director", tick, monkeypatch)


def test_the_consequence_prompts_hidden(screens, monkeypatch):
    pk = screens["adventure"].pk

    def hide():
        url = f"/adventures/{pk}/table/consequences/shown/"
        response = _director(screens).post(url, {"hidden": "1"}, headers=HTMX)
        assert response.status_code == 200

    _redrawn(screens, "director", hide, monkeypatch)


def test_an_own_prompt_added_shows_at_the_directors_other_tables(screens, monkeypatch):
    """The Director's own prompts are theirs at every table: each table's drawings go."""
    adventure = screens["adventure"]
    other = Adventure.objects.create(director=adventure.director, title="The Second Table")
    here = screens["browsers"]["director"]
    there = (here[0], f"/adventures/{other.pk}/table/")
    screens["browsers"]["there"] = there
    _get(there)

    def add():
        url = f"/adventures/{adventure.pk}/table/prompts/add/"
        data = {"weight": "trouble", "move": "Gears rain from the sky"}
        response = here[0].post(url, data, headers=HTMX)
        assert response.status_code == 200

    _redrawn(screens, "there", add, monkeypatch, shown="Gears rain from the sky")


def test_a_note_added_to_the_directors_notes(screens, monkeypatch):
    pk = screens["adventure"].pk

    def add():
        url = f"/adventures/{pk}/table/notes/"
        response = _director(screens).post(url, {"table_notes": "Pillai hides the key"})
        assert response.status_code in (200, 302)

    _redrawn(screens, "director", add, monkeypatch, shown="Pillai hides the key")


def test_a_hero_renamed_on_its_sheet(screens, monkeypatch):
    sam = screens["sam"]
    client = screens["browsers"][f"player-{sam.owner_id}"][0]

    def rename():
        data = {"action": "save", "name": "Samuel Okafor", "archetype": sam.archetype}
        response = client.post(f"/characters/{sam.pk}/edit/", data | {"knacks": []})
        assert response.status_code == 302

    _redrawn(screens, "screen", rename, monkeypatch, shown="Samuel Okafor")


def test_a_portrait_put_on_and_taken_off(screens, monkeypatch):
    sam = screens["sam"]
    client = screens["browsers"][f"player-{sam.owner_id}"][0]

    def put_on():
        picture = images.upload(images.picture())
        response = client.post(f"/characters/{sam.pk}/portrait/", {"portrait": picture})
        assert response.status_code == 302

    _redrawn(screens, "screen", put_on, monkeypatch, shown="/pictures/portraits/")

    def take_off():
        assert client.post(f"/characters/{sam.pk}/portrait/remove/").status_code == 302

    _redrawn(screens, "screen", take_off, monkeypatch, gone="/pictures/portraits/")


def test_a_hero_deleted_from_its_sheet(screens, monkeypatch):
    ada = screens["ada"]
    client = screens["browsers"][f"player-{ada.owner_id}"][0]

    def delete():
        assert client.post(f"/characters/{ada.pk}/delete/").status_code == 302

    _redrawn(screens, "screen", delete, monkeypatch, gone=">Ada<")
