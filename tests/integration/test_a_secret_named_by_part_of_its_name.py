"""A fresh-eyes review: the hidden Danger was "Professor Ilsa Voss, the Tide Widow", and the
crib's clue "Voss's orders in a tin box" was offered for every screen's log with no warning,
while the Scene's Who ("Voss's crew") went to the TV at Scene start. A secret named by a part
of its name that names it alone (`sessions.hidden.name_parts`) is caught like its full name:
at the table, marked, and left out as a plain word; at prep, warned of by the field."""

import pytest
from django.urls import reverse

from sessions import hidden
from sessions.models import Danger, KeyLocation, Leg, Scene, TableEvent
from sessions.parts.crib import line_key
from tests.conftest import HTMX, scene_post

pytestmark = pytest.mark.django_db

VOSS = "Professor Ilsa Voss, the Tide Widow"
CLUE = "Voss's orders in a tin box"
MARK = '<mark class="tell-secret" title="A hidden Danger">'


@pytest.fixture
def table(playing):
    """The table under way: Voss hidden in the Scene, her orders a clue here, and a Key
    Location (with an NPC) the Cast hasn't been to."""
    location = KeyLocation.objects.get(position=1)
    location.clues = CLUE
    location.save()
    voss = Danger.objects.create(key_location=location, name=VOSS, template="boss")
    leg = Leg.objects.get()
    KeyLocation.objects.create(
        leg=leg, position=2, name="Saltmarsh Lighthouse",
        npcs=[{"name": "Old Tobias", "notes": "the bribed keeper"}],
    )  # fmt: skip
    return playing | {"voss": voss, "location": location}


def _narrations() -> list[str]:
    return list(TableEvent.objects.filter(kind="narration").values_list("summary", flat=True))


def _tell(director, table, data):
    return director.post(table["url"] + "narrate/", data, headers=HTMX)


def _choice(table, text: str) -> str:
    return "choice-" + hidden.find(table["adventure"], text)[0].key


def test_a_clue_naming_the_villain_by_her_surname_is_marked_before_it_is_posted(director, table):
    key = line_key(f"place-{table['location'].pk}", CLUE)
    url = table["url"] + "crib/post/"
    html = director.post(url, {"line": key, "part": "crib"}, headers=HTMX).content.decode()
    assert "Careful: this gives away something the players haven't been told." in html
    assert f"{MARK}Voss&#x27;s<span" in html
    assert f"<strong>{VOSS}</strong>: a hidden Danger" in html
    assert "Post without it (a plain word such as “someone” instead)" in html
    assert f"Reveal {VOSS} on every screen, and post" in html
    assert "Clue: Someone&#x27;s orders in a tin box</blockquote>" in html
    assert _narrations() == []
    # Posted without her: the possessive stays, the name goes.
    choice = "choice-" + hidden.find(table["adventure"], CLUE, skip=[f"clue-{key}"])[0].key
    director.post(url, {"line": key, "confirm": "1", "note": CLUE, choice: "out"}, headers=HTMX)
    assert _narrations() == ["Clue: Someone's orders in a tin box"]
    table["voss"].refresh_from_db()
    assert not table["voss"].revealed


def test_her_epithet_is_caught_and_revealing_her_posts_it_whole(director, table):
    line = "The Tide Widow's men are at the door"
    answer = _tell(director, table, {"note": line})
    assert f"{MARK}Tide Widow&#x27;s<span" in answer.content.decode()
    assert _narrations() == []
    _tell(director, table, {"note": line, "confirm": "1", _choice(table, line): "reveal"})
    assert _narrations() == [f"The Director: {line}"]
    table["voss"].refresh_from_db()
    assert table["voss"].revealed


def test_common_words_of_her_name_go_straight_out(director, table):
    line = "The tide turns; the Professor's widow waits by the harbour"
    assert _tell(director, table, {"note": line}).status_code == 200
    assert _narrations() == [f"The Director: {line}"]


def test_a_word_shared_with_a_danger_in_view_names_nothing_alone(director, table):
    Danger.objects.create(
        key_location=table["location"], name="Voss's Gulls", template="minion", revealed=True
    )
    _tell(director, table, {"note": "Voss's gulls wheel overhead"})
    assert _narrations() == ["The Director: Voss's gulls wheel overhead"]
    answer = _tell(director, table, {"note": "Ilsa feeds the gulls"})
    assert f"{MARK}Ilsa<span" in answer.content.decode()
    assert len(_narrations()) == 1


def test_an_npc_of_a_place_not_visited_is_caught_by_their_name_alone(director, table):
    line = "A lantern flashes: Tobias signals from the rocks"
    html = _tell(director, table, {"note": line}).content.decode()
    assert '<mark class="tell-secret" title="An NPC they haven&#x27;t met">Tobias' in html
    _tell(director, table, {"note": line, "confirm": "1", _choice(table, line): "out"})
    assert _narrations() == ["The Director: A lantern flashes: someone signals from the rocks"]


# Prep: a Scene's public framing goes to the TV and the phones when the Scene starts.

WHO = "The Cast, the Harbour Council, Voss's crew"
WARNING = f"“Voss” names a hidden Danger, “{VOSS}”: players will read it when the Scene starts."


def test_a_scenes_who_naming_a_hidden_danger_by_part_is_warned_of(alice_client, adventure):
    location = KeyLocation.objects.get(leg__adventure=adventure)
    Danger.objects.create(key_location=location, name=VOSS, template="boss")
    scene = Scene.objects.get(leg__adventure=adventure, position=2)
    url = reverse("scene_edit", args=[adventure.pk, scene.leg_id, scene.pk])
    answer = alice_client.post(url, scene_post(scene, framing_who=WHO), headers=HTMX)
    assert answer.status_code == 400
    html = answer.content.decode()
    assert WARNING in html
    assert "Show it anyway" in html
    scene.refresh_from_db()
    assert scene.framing_who == ""
    # Common words of her name are no warning; her whole name keeps its own.
    answer = alice_client.post(
        url, scene_post(scene, framing_where="The harbour at high tide"), headers=HTMX
    )
    assert answer.status_code == 200
    answer = alice_client.post(
        url, scene_post(scene, framing_what=f"Tea with {VOSS}"), headers=HTMX
    )
    assert f"“{VOSS}” is a hidden Danger: players will read this name" in answer.content.decode()
    # Ticked, it saves as it is.
    data = scene_post(scene, framing_who=WHO, show_anyway="on")
    assert alice_client.post(url, data, headers=HTMX).status_code == 200
    scene.refresh_from_db()
    assert scene.framing_who == WHO
