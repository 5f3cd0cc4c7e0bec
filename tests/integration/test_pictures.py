"""Pictures (DESIGN.md §2): hero portraits and the Director's handouts. Uploads are checked by
their content, capped in size and pixels, drawn again without metadata and stored under names
nobody can guess; they are served only to those who may see them."""

import io
from pathlib import Path

import pytest
from django.test import Client
from PIL import Image

from characters.models import Character
from sessions.models import Adventure, Handout, TableEvent, next_to_undo
from tests.conftest import HTMX, player_client
from tests.images import SVG_WITH_SCRIPT, bomb, picture, truncated_jpeg, upload
from tests.streams import streamed

pytestmark = pytest.mark.django_db


def _stored(settings) -> list[Path]:
    root = Path(settings.MEDIA_ROOT)
    return sorted(p for p in root.rglob("*") if p.is_file()) if root.exists() else []


def _add_handout(client, adventure, data: bytes, caption="A map of the harbour", **extra):
    return client.post(
        f"/adventures/{adventure.pk}/handouts/new/",
        {"caption": caption, "picture": upload(data), **extra},
    )


def _portrait(client, hero, data: bytes, name="me.jpg"):
    return client.post(f"/characters/{hero.pk}/portrait/", {"portrait": upload(data, name)})


BAD_FILES = {
    "text renamed .png": (b"Definitely a picture, honest.\n" * 20, "isn't a picture we can use"),
    "an SVG with a script": (SVG_WITH_SCRIPT, "isn't a picture we can use"),
    "a decompression bomb": (bomb(), "too big to open safely"),
    "a 50 MB file": (b"\xff\xd8\xff" + b"\0" * (50 * 1024 * 1024), "pictures can be up to 8 MB"),
    "a truncated JPEG": (truncated_jpeg(), "damaged or cut short"),
    "an empty file": (b"", "empty"),
}


@pytest.mark.parametrize("bad", list(BAD_FILES))
def test_a_bad_portrait_is_refused_with_a_message_and_nothing_stored(playing, settings, bad):
    data, message = BAD_FILES[bad]
    sam = playing["sam"]
    response = _portrait(player_client(sam), sam, data, "portrait.png")
    assert response.status_code == 400
    assert message in response.content.decode().replace("&#x27;", "'")
    sam.refresh_from_db()
    assert (sam.portrait, sam.portrait_thumb) == ("", "")
    assert _stored(settings) == []


@pytest.mark.parametrize("bad", list(BAD_FILES))
def test_a_bad_handout_is_refused_with_a_message_and_nothing_stored(
    director, playing, settings, bad
):
    data, message = BAD_FILES[bad]
    response = _add_handout(director, playing["adventure"], data)
    assert response.status_code == 400
    content = response.content.decode().replace("&#x27;", "'")
    assert message in content
    assert 'class="masthead"' in content  # the whole outline, the message by the field
    assert not Handout.objects.exists()
    assert _stored(settings) == []


@pytest.mark.parametrize(("fmt", "name"), [("JPEG", "a.jpg"), ("PNG", "a.png"), ("WEBP", "a.webp")])
def test_jpeg_png_and_webp_are_taken_whatever_their_name(playing, settings, fmt, name):
    sam = playing["sam"]
    data = picture(fmt, (900, 600))
    response = _portrait(player_client(sam), sam, data, "not-what-it-says.gif")
    assert response.status_code == 302
    sam.refresh_from_db()
    display = Image.open(Path(settings.MEDIA_ROOT) / sam.portrait)
    assert (display.format, display.size) == ("WEBP", (512, 512))  # cropped square
    thumb = Image.open(Path(settings.MEDIA_ROOT) / sam.portrait_thumb)
    assert thumb.size == (128, 128)
    assert len(_stored(settings)) == 2


def test_gps_and_every_other_metadata_are_gone_after_upload(playing, settings):
    sam = playing["sam"]
    original = picture("JPEG", (800, 800), gps=True)
    assert Image.open(io.BytesIO(original)).getexif().get_ifd(0x8825)  # it was there
    _portrait(player_client(sam), sam, original)
    sam.refresh_from_db()
    for name in (sam.portrait, sam.portrait_thumb):
        stored = Path(settings.MEDIA_ROOT) / name
        image = Image.open(stored)
        assert not image.getexif()
        assert "exif" not in image.info
        assert "xmp" not in image.info
        raw = stored.read_bytes()
        assert b"PhoneCorp" not in raw
        assert b"EXIF" not in raw.upper()


def test_a_photo_stands_the_way_the_camera_held_it(director, playing, settings):
    # A landscape picture marked "turn 90° clockwise" (EXIF orientation 6) stands upright.
    _add_handout(director, playing["adventure"], picture("JPEG", (800, 400), orientation=6))
    handout = Handout.objects.get()
    assert (handout.width, handout.height) == (400, 800)
    # The white corner, top left before turning, is top right after.
    image = Image.open(Path(settings.MEDIA_ROOT) / handout.display).convert("RGB")
    assert image.getpixel((image.width - 5, 5)) > (240, 240, 240)
    assert image.getpixel((5, 5))[1] < 100


def test_names_nobody_can_guess(director, playing):
    for n in range(2):
        _add_handout(director, playing["adventure"], picture(), caption=f"Map {n}")
    names = [Path(h.display).name for h in Handout.objects.all()]
    assert names[0] != names[1]
    assert all(len(name) > 30 and name.endswith("-display.webp") for name in names)


@pytest.fixture
def pictured(playing, director, settings):
    """Sam has a portrait; the Director has a handout revealed and one still secret; the
    screen link is on."""
    from sessions.actions import handouts

    sam = playing["sam"]
    _portrait(player_client(sam), sam, picture())
    _add_handout(director, playing["adventure"], picture(), caption="The harbour map")
    _add_handout(director, playing["adventure"], picture(), caption="Veil's secret letter")
    shown, secret = Handout.objects.order_by("pk")
    handouts.reveal(playing["adventure"], shown.pk, playing["adventure"].director)
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    sam.refresh_from_db()
    return playing | {
        "sam": sam,
        "shown": Handout.objects.get(pk=shown.pk),
        "secret": secret,
        "token": Adventure.objects.get().screen_token,
    }


def _url(kind, obj, size="display") -> str:
    if kind == "portrait":
        name = obj.portrait if size == "display" else obj.portrait_thumb
        return f"/pictures/portraits/{obj.pk}/{Path(name).name}"
    name = obj.display if size == "display" else obj.thumb
    return f"/pictures/handouts/{obj.pk}/{Path(name).name}"


def _who(world, who) -> Client:
    client = Client()
    if who == "director":
        client.force_login(world["adventure"].director)
    elif who == "cast":
        client.force_login(world["ada"].owner)  # a fellow of Sam's, not Sam's player
    elif who == "other":
        from django.contrib.auth import get_user_model

        client.force_login(get_user_model().objects.create_user("dora"))
    elif who == "screen":
        assert client.get(f"/screen/{world['token']}/").status_code == 200
    return client


# who → may they see (Sam's portrait, the revealed handout, the secret handout)?
SEES = {
    "director": (True, True, True),
    "cast": (True, True, False),
    "other": (False, False, False),
    "anonymous": (False, False, False),
    "screen": (True, True, False),
}


@pytest.mark.parametrize("size", ["display", "thumb"])
@pytest.mark.parametrize("who", list(SEES))
def test_who_may_see_each_picture(pictured, who, size):
    client = _who(pictured, who)
    for url, allowed in zip(
        (
            _url("portrait", pictured["sam"], size),
            _url("handout", pictured["shown"], size),
            _url("handout", pictured["secret"], size),
        ),
        SEES[who],
        strict=True,
    ):
        response = client.get(url)
        assert response.status_code == (200 if allowed else 404), (who, url)
        if allowed:
            assert response["Content-Type"] == "image/webp"
            assert response["Cache-Control"] == "private, max-age=86400"
            assert b"".join(response.streaming_content)[:4] == b"RIFF"


def test_the_player_sees_their_own_portrait_and_a_switched_off_screen_sees_nothing(
    pictured, director
):
    sam = player_client(pictured["sam"])
    assert sam.get(_url("portrait", pictured["sam"])).status_code == 200
    screen = _who(pictured, "screen")
    director.post(pictured["url"] + "screen/", {"enabled": "0"})
    assert screen.get(_url("handout", pictured["shown"])).status_code == 404
    assert screen.get(_url("portrait", pictured["sam"])).status_code == 404


def test_a_wrong_name_or_a_forged_cookie_gets_nothing(pictured):
    client = _who(pictured, "director")
    shown = pictured["shown"]
    assert client.get(f"/pictures/handouts/{shown.pk}/guess-display.webp").status_code == 404
    assert client.get(f"/pictures/handouts/{shown.pk}/").status_code == 404
    forged = Client()
    forged.cookies["enigma_screen"] = pictured["token"]  # unsigned: no good
    assert forged.get(_url("handout", shown)).status_code == 404


def test_an_etag_saves_sending_it_again(pictured):
    client = _who(pictured, "cast")
    url = _url("handout", pictured["shown"])
    first = client.get(url)
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert again["ETag"] == first["ETag"]
    # A 304 is still only for those who may see it.
    assert (
        _who(pictured, "other").get(url, headers={"If-None-Match": first["ETag"]}).status_code
        == 404
    )


def test_revealing_a_handout_shows_it_on_every_screen_and_an_undo_hides_it(playing, director):
    _add_handout(director, playing["adventure"], picture(), caption="The harbour map")
    handout = Handout.objects.get()
    sam = player_client(playing["sam"])
    assert "The harbour map" not in sam.get(playing["url"]).content.decode()
    response = director.post(
        playing["url"] + "handouts/reveal/", {"handout": handout.pk}, headers=HTMX
    )
    assert response.status_code == 200
    handout.refresh_from_db()
    assert handout.is_revealed
    assert handout.on_show
    event = TableEvent.objects.first()
    assert event.summary == "The Director reveals a handout: The harbour map"
    from sessions import parts

    assert {"handouts", "director"} <= parts.change([event]).names
    page = sam.get(playing["url"]).content.decode()
    assert "The harbour map" in page
    assert _url("handout", handout) in page
    assert "The harbour map" in sam.get(playing["adventure"].get_absolute_url()).content.decode()
    director.post(playing["url"] + "undo/", _newest(playing), headers=HTMX)
    handout.refresh_from_db()
    assert not handout.is_revealed
    assert not handout.on_show
    page = sam.get(playing["url"]).content.decode()
    assert _url("handout", handout) not in page  # the log keeps the move, struck out
    assert sam.get(_url("handout", handout)).status_code == 404


def test_one_handout_on_show_at_a_time_and_putting_it_away(playing, director):
    for caption in ("Map", "Letter"):
        _add_handout(director, playing["adventure"], picture(), caption=caption)
    first, second = Handout.objects.order_by("pk")
    url = playing["url"] + "handouts/"
    director.post(url + "reveal/", {"handout": first.pk}, headers=HTMX)
    director.post(url + "reveal/", {"handout": second.pk}, headers=HTMX)
    assert list(Handout.objects.order_by("pk").values_list("on_show", flat=True)) == [False, True]
    director.post(url + "reveal/", {"handout": first.pk}, headers=HTMX)
    assert TableEvent.objects.first().summary == "The Director shows a handout again: Map"
    director.post(url + "away/", headers=HTMX)
    assert not Handout.objects.filter(on_show=True).exists()
    assert Handout.objects.filter(revealed__isnull=False).count() == 2  # still the Cast's
    refused = director.post(url + "away/", headers=HTMX)
    assert refused.status_code == 409


def test_only_the_director_reveals_and_the_x_card_holds_it(playing, director):
    _add_handout(director, playing["adventure"], picture())
    handout = Handout.objects.get()
    url = playing["url"] + "handouts/reveal/"
    assert player_client(playing["sam"]).post(url, {"handout": handout.pk}).status_code == 404
    player_client(playing["sam"]).post(playing["url"] + "x-card/", headers=HTMX)
    refused = director.post(url, {"handout": handout.pk}, headers=HTMX)
    assert refused.status_code == 409
    assert "The table is paused" in refused.content.decode()
    assert not Handout.objects.get().is_revealed
    other = Adventure.objects.create(director=playing["adventure"].director, title="Other")
    stranger = Handout.objects.create(
        adventure=other, caption="x", display="a", thumb="b", digest="c"
    )
    director.post(playing["url"] + "resume/", headers=HTMX)
    refused = director.post(url, {"handout": stranger.pk}, headers=HTMX)
    assert refused.status_code == 409
    assert not Handout.objects.get(pk=stranger.pk).is_revealed


def test_a_handout_belongs_to_a_place_of_its_own_adventure(playing, director, make_user):
    adventure = playing["adventure"]
    scene = adventure.legs.get().scenes.first()
    _add_handout(director, adventure, picture(), attach=f"scene-{scene.pk}")
    assert Handout.objects.get().scene == scene
    elsewhere = Adventure.objects.create(director=make_user("mallory"), title="Elsewhere")
    leg = elsewhere.legs.create(title="Theirs")
    their_scene = leg.scenes.create(beat="Not yours")
    response = _add_handout(director, adventure, picture(), attach=f"scene-{their_scene.pk}")
    assert response.status_code == 400
    assert "Pick one of this adventure" in response.content.decode()
    assert Handout.objects.count() == 1


def test_players_cannot_touch_handouts_in_prep(playing, director, settings):
    _add_handout(director, playing["adventure"], picture())
    handout = Handout.objects.get()
    a = f"/adventures/{playing['adventure'].pk}/handouts/"
    sam = player_client(playing["sam"])
    before = _stored(settings)
    assert _add_handout(sam, playing["adventure"], picture()).status_code == 404
    assert sam.get(f"{a}{handout.pk}/edit/").status_code == 404
    assert sam.post(f"{a}{handout.pk}/edit/", {"caption": "Hacked"}).status_code == 404
    assert sam.post(f"{a}{handout.pk}/delete/").status_code == 404
    assert Handout.objects.get().caption == "A map of the harbour"
    assert _stored(settings) == before


def test_deleting_a_hero_a_handout_or_an_adventure_deletes_their_files(
    pictured, director, settings, django_capture_on_commit_callbacks
):
    stored = {p.name for p in _stored(settings)}
    assert len(stored) == 6  # two sizes each: Sam, the map, the letter
    with django_capture_on_commit_callbacks(execute=True):
        director.post(
            f"/adventures/{pictured['adventure'].pk}/handouts/{pictured['secret'].pk}/delete/"
        )
    assert len(_stored(settings)) == 4
    with django_capture_on_commit_callbacks(execute=True):
        player_client(pictured["sam"]).post(f"/characters/{pictured['sam'].pk}/delete/")
    assert len(_stored(settings)) == 2
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"/adventures/{pictured['adventure'].pk}/delete/")
    assert _stored(settings) == []


def test_a_new_portrait_replaces_the_old_files(
    playing, settings, django_capture_on_commit_callbacks
):
    sam = playing["sam"]
    client = player_client(sam)
    with django_capture_on_commit_callbacks(execute=True):
        _portrait(client, sam, picture())
    first = {p.name for p in _stored(settings)}
    with django_capture_on_commit_callbacks(execute=True):
        _portrait(client, sam, picture(colour=(0, 0, 200)))
    second = {p.name for p in _stored(settings)}
    assert len(second) == 2
    assert not first & second
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/characters/{sam.pk}/portrait/remove/")
    assert _stored(settings) == []
    assert Character.objects.get(pk=sam.pk).portrait == ""


def test_portraits_show_on_the_sheet_the_cast_and_the_screen(pictured):
    sam = pictured["sam"]
    thumb = _url("portrait", sam, "thumb")
    sheet = player_client(sam).get(sam.get_absolute_url()).content.decode()
    assert _url("portrait", sam) in sheet
    table = player_client(pictured["ada"]).get(pictured["url"]).content.decode()
    assert thumb in table
    assert 'aria-label="Ada (no portrait yet)"' in table  # initials for the hero without one
    screen = Client().get(f"/screen/{pictured['token']}/").content.decode()
    assert thumb in screen
    assert "The harbour map" in screen  # on show, big
    assert "secret letter" not in screen


def test_a_secret_handout_reaches_no_player_page_stream_or_screen(pictured):
    """The secret letter's caption and address are on the Director's pages alone."""
    from sessions import live

    secret = pictured["secret"]
    marks = ("Veil's secret letter", "Veil&#x27;s secret letter", Path(secret.display).name)
    sam = player_client(pictured["sam"])
    pages = {
        "table": sam.get(pictured["url"]).content.decode(),
        "adventure": sam.get(pictured["adventure"].get_absolute_url()).content.decode(),
        "log": sam.get(f"/adventures/{pictured['adventure'].pk}/log/").content.decode(),
        "screen": Client().get(f"/screen/{pictured['token']}/").content.decode(),
    }
    adventure = pictured["adventure"]
    listeners = [live.Listener(adventure.pk, pictured["sam"].owner_id), live.Listener(adventure.pk)]
    pages |= streamed(adventure, listeners)
    for where, text in pages.items():
        assert not [mark for mark in marks if mark in text], where
    # The Director's own page has it, ready to reveal.
    director = _who(pictured, "director").get(pictured["url"]).content.decode()
    assert "Veil&#x27;s secret letter" in director


def _newest(playing) -> dict:
    """What the Director's Undo button sends: the move it offers to take back."""
    return {"event": next_to_undo(playing["adventure"].pk).pk}
