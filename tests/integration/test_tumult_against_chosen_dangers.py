"""The Director picks which of the Scene's Dangers a Tumult is fought against (EVENING.md step
7: a Tumult against two Dangers while a third stays out of it). Only those take the enemies'
turn and show as its foes (the Cast's Dangers panel lists them alone while it rages); a hidden
one among them is named on the Director's page alone."""

import re

import pytest
from django.test import Client

from sessions import live
from sessions.models import Adventure, Danger, Leg, Scene, TableEvent, Tumult
from tests.conftest import HTMX, player_client
from tests.streams import streamed

pytestmark = pytest.mark.django_db

NONE_TICKED = "Tick at least one Danger to fight"
NOT_OF_THE_SCENE = "That Danger isn&#x27;t in this Scene"


@pytest.fixture
def three(director, playing):
    """The Scene's three Dangers: Brass Jack and the Museum guards shown, the Lurker hidden."""
    Danger.objects.all().delete()
    url = playing["url"]
    for name, template in (("Brass Jack", "lieutenant"), ("Museum guards", "minion")):
        director.post(url + "dangers/add/", {"name": name, "template": template})
        danger = Danger.objects.get(name=name)
        director.post(url + "dangers/reveal/", {"danger": danger.pk, "revealed": "1"})
    lurker = {"name": "The Lurker", "template": "villain", "hidden": "on"}
    director.post(url + "dangers/add/", lurker)
    return {name: Danger.objects.get(name=name) for name in ("Brass Jack", "Museum guards")} | {
        "The Lurker": Danger.objects.get(name="The Lurker")
    }


def _start(director, playing, *foes, **extra):
    """Send the start form as the Director's page does, ``foes`` ticked."""
    data = {
        "part": "director-tumult",
        "tool": "start",
        "foes-offered": "1",
        "foe": [str(getattr(f, "pk", f)) for f in foes],
    } | extra
    return director.post(playing["url"] + "tumult/start/", data, headers=HTMX)


def _dangers_panel(html: str) -> str:
    """The Cast's Dangers panel of a page."""
    return re.search(r'<section class="panel dangers-panel".*?</section>', html, re.S).group(0)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_start_form_offers_every_standing_danger_the_shown_ones_ticked(
    director, playing, three
):
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    for name in ("Brass Jack", "Museum guards"):
        assert re.search(rf'name="foe" value="{three[name].pk}" data-kept checked', panel)
    # The hidden one is offered, marked, and left for the Director to bring in.
    assert re.search(rf'name="foe" value="{three["The Lurker"].pk}" data-kept>', panel)
    assert 'The Lurker <span class="muted">(hidden)</span>' in panel


def test_with_every_danger_hidden_the_start_form_ticks_them_all(director, playing, three):
    Danger.objects.update(revealed=False)
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    for danger in three.values():
        assert re.search(rf'name="foe" value="{danger.pk}" data-kept checked', panel)


def test_a_tumult_against_two_of_three_dangers(director, playing, three):
    jack, guards, lurker = three.values()
    assert _start(director, playing, jack, lurker).status_code == 200
    tumult = Tumult.objects.get(active=True)
    assert set(tumult.foes) == {jack.pk, lurker.pk}

    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    # The enemies' turn has a row for each foe, none for the Dangers left out.
    assert f'name="split-{jack.pk}-' in panel
    assert f'name="split-{lurker.pk}-' in panel
    assert f'name="split-{guards.pk}-' not in panel
    # The guards can still be brought in.
    assert re.search(
        rf'name="danger" value="{guards.pk}"[^>]*>Bring Museum guards in</button>', panel
    )

    # A share sent for the guards anyway strikes nobody: they aren't in the fight.
    sam = playing["sam"]
    split = {f"split-{guards.pk}-{sam.pk}": "1", f"split-{jack.pk}-{sam.pk}": "2"}
    director.post(playing["url"] + "tumult/enemies/", split, headers=HTMX)
    sam.refresh_from_db()
    assert sam.peril == 2
    assert "Museum guards" not in TableEvent.objects.first().summary
    # After the enemies' turn (no split table), the Director reads who the foes are.
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert "Up against: Brass Jack, The Lurker (hidden)." in _text(panel).replace(" .", ".")


def test_ticking_none_is_refused_beside_the_boxes_and_nothing_starts(director, playing, three):
    response = _start(director, playing)
    assert response.status_code == 409
    panel = response.content.decode()
    assert NONE_TICKED in panel
    assert 'id="tumult-foes-error"' in panel
    assert "data-ask-again" in panel  # the question comes back open, with its reason
    assert 'aria-invalid="true"' in panel
    # The boxes come back as they were sent: none ticked.
    assert 'name="foe"' in panel
    assert "checked" not in panel
    assert not Tumult.objects.exists()
    assert not TableEvent.objects.filter(kind="tumult_started").exists()


def _elsewhere(playing) -> tuple[Danger, Danger]:
    """A Danger of the Adventure's next Scene, and one of another Director's Adventure."""
    later = Scene.objects.exclude(status=Scene.Status.PLAYING).first()
    next_scene = Danger.objects.create(scene=later, name="Ambushers")
    other = Adventure.objects.create(director=playing["ada"].owner, title="Another table")
    leg = Leg.objects.create(adventure=other, position=1, title="Elsewhere")
    scene = Scene.objects.create(leg=leg, position=1, beat="Far away")
    return next_scene, Danger.objects.create(scene=scene, name="Someone else's villain")


@pytest.mark.parametrize("where", ["another scene", "another adventure", "not an id"])
def test_a_danger_of_another_scene_or_adventure_is_refused(director, playing, three, where):
    next_scene, other = _elsewhere(playing)
    foe = {"another scene": next_scene.pk, "another adventure": other.pk, "not an id": "x1"}
    response = _start(director, playing, three["Brass Jack"], foe[where])
    assert response.status_code == 409
    assert NOT_OF_THE_SCENE in response.content.decode()
    assert "Someone else" not in response.content.decode()
    assert not Tumult.objects.exists()


def test_without_a_choice_every_standing_danger_fights(director, playing, three):
    jack = three["Brass Jack"]
    Danger.objects.filter(pk=jack.pk).update(successes=jack.success_threshold)  # out already
    director.post(playing["url"] + "tumult/start/")
    others = {three["Museum guards"].pk, three["The Lurker"].pk}
    assert set(Tumult.objects.get(active=True).foes) == others


def test_only_the_foes_count_towards_every_enemy_out(director, playing, three):
    guards = three["Museum guards"]
    _start(director, playing, guards)
    director.post(playing["url"] + "dangers/success/", {"danger": guards.pk})
    tumult = player_client(playing["sam"]).get(playing["url"] + "part/tumult/").content.decode()
    assert "Every enemy is out!" in tumult


def test_another_danger_joins_the_tumult_under_way(director, playing, three):
    jack, guards, lurker = three.values()
    _start(director, playing, jack)
    response = director.post(
        playing["url"] + "tumult/join/",
        {"danger": guards.pk, "part": "director-tumult"},
        headers=HTMX,
    )
    assert response.status_code == 200
    assert TableEvent.objects.first().summary == "Museum guards joins the Tumult!"
    director.post(playing["url"] + "tumult/join/", {"danger": lurker.pk}, headers=HTMX)
    assert set(Tumult.objects.get().foes) == {jack.pk, guards.pk, lurker.pk}
    assert TableEvent.objects.first().kind == "hidden_danger_joined"  # no line in the log
    # One of another Adventure is refused.
    _, other = _elsewhere(playing)
    refused = director.post(
        playing["url"] + "tumult/join/",
        {"danger": other.pk, "part": "director-tumult"},
        headers=HTMX,
    )
    assert refused.status_code == 409
    assert NOT_OF_THE_SCENE in refused.content.decode()


def test_a_danger_added_during_the_tumult_joins_it(director, playing, three):
    _start(director, playing, three["Brass Jack"])
    director.post(playing["url"] + "dangers/add/", {"name": "Reinforcements", "template": "minion"})
    added = Danger.objects.get(name="Reinforcements")
    assert added.pk in Tumult.objects.get().foes


def test_the_cast_and_the_tv_see_the_shown_foes_and_never_the_hidden_one(director, playing, three):
    jack, lurker = three["Brass Jack"], three["The Lurker"]
    _start(director, playing, jack, lurker)
    director.post(playing["url"] + "screen/", {"enabled": "1"})
    adventure = Adventure.objects.get(pk=playing["adventure"].pk)
    sam = player_client(playing["sam"])
    tv = Client().get(f"/screen/{adventure.screen_token}/").content.decode()
    phone = sam.get(playing["url"]).content.decode()
    for page in (tv, phone):
        foes = _text(_dangers_panel(page))
        assert "Dangers in the Tumult" in foes
        assert "Brass Jack" in foes
        assert "Museum guards" not in foes  # shown, but not in this fight

    # The hidden foe: on no player's page or stream, nor on the TV.
    director.post(playing["url"] + "tumult/enemies/", {}, headers=HTMX)
    pages = {
        "phone": phone,
        "tv": tv,
        "tumult part": sam.get(playing["url"] + "part/tumult/").content.decode(),
        "log": sam.get(f"/adventures/{adventure.pk}/log/").content.decode(),
    }
    listeners = [live.Listener(adventure.pk, playing["sam"].owner_id), live.Listener(adventure.pk)]
    pages |= streamed(adventure, listeners)
    for where, text in pages.items():
        assert "Lurker" not in text, where
    # The Director's page has it, marked hidden.
    panel = director.get(playing["url"] + "part/director-tumult/").content.decode()
    assert 'The Lurker <span class="muted">(hidden)</span>' in panel


def test_the_enemies_turn_says_a_danger_rating_caps_an_enemys_peril_in_all(
    director, playing, three
):
    """The fresh eyes' review: the split grid read "Peril each enemy gives each hero (up to its
    Danger Rating…)", as if each hero could take that much; the rule caps what an enemy shares
    out among every hero at its Danger Rating (SRD, Dangers; `rules.dangers.check_split`)."""
    jack, _guards, _lurker = three.values()
    _start(director, playing, jack)
    panel = _text(director.get(playing["url"] + "part/director-tumult/").content.decode())
    assert "Peril each enemy gives each hero" not in panel
    assert "Peril to give" in panel
    assert (
        "Each Danger shares out Peril among the heroes: its Danger Rating in all, at most" in panel
    )
