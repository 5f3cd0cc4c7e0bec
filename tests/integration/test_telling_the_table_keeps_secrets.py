"""Nothing leaks by a tap: a line the Director tells the table that names something the players
haven't been told (a hidden Danger, a place they haven't been, the villain, a clue still to
post) is shown first, marked, and goes out only as the Director settles it."""

import pytest

from sessions import hidden
from sessions.models import CastJournalEntry, Danger, KeyLocation, Leg, Scene, TableEvent
from sessions.parts.crib import line_key
from tests.conftest import HTMX, SECRET, player_client

pytestmark = pytest.mark.django_db

CROC = "Cistern Crocodile"


@pytest.fixture
def table(playing):
    """The table under way, with a hidden Danger in the Scene, and a Key Location (with an
    NPC) the Cast hasn't been to yet."""
    location = KeyLocation.objects.get()
    croc = Danger.objects.create(key_location=location, name=CROC, template="lieutenant")
    leg = Leg.objects.get()
    warehouse = KeyLocation.objects.create(
        leg=leg, position=2, name="Spice Warehouse", npcs=[{"name": "Auntie Ruth", "notes": ""}]
    )
    Scene.objects.create(leg=leg, position=3, beat="Among the sacks", key_location=warehouse)
    return playing | {"croc": croc, "location": location}


def _found(table, text: str) -> list[tuple[str, str]]:
    return [(h.kind, text[s:e]) for h in hidden.find(table["adventure"], text) for s, e in h.spans]


def test_a_hidden_dangers_name_is_found_in_any_case_and_only_as_whole_words(table):
    assert _found(table, f"Sam Okafor stumbles. The {CROC} heard that!") == [("danger", CROC)]
    assert _found(table, "the cistern  CROCODILE's jaws") == [("danger", "cistern  CROCODILE")]
    assert _found(table, "The Cistern Crocodiles of old") == []
    found = hidden.find(table["adventure"], f"{CROC}! {CROC}!")
    assert [h.spans for h in found] == [[(0, 17), (19, 36)]]
    assert found[0].revealable
    assert found[0].danger_ids == (table["croc"].pk,)


def test_what_the_players_know_is_never_marked(table):
    table["croc"].revealed = True
    table["croc"].save()
    line = (
        f"Sam Okafor and Ada drag the {CROC} out of the Harbourmaster's Office; "
        "the door is open, the guards are asleep and the rain has stopped."
    )
    assert _found(table, line) == []


def test_places_not_yet_visited_their_people_the_villain_and_the_plan_are_found(table):
    line = (
        f"Auntie Ruth waits at the spice warehouse for Baron Veil {SECRET}-villain. "
        f"Sell monsoons {SECRET}-plan."
    )
    assert _found(table, line) == [
        ("npc", "Auntie Ruth"),
        ("place", "spice warehouse"),
        ("villain", f"Baron Veil {SECRET}-villain"),
        ("plan", f"Sell monsoons {SECRET}-plan"),
    ]


def test_a_clue_is_a_secret_until_it_is_posted_or_ticked(table):
    clue = f"Vienna stamp {SECRET}-legclues"
    assert _found(table, f"You find it: {clue}.") == [("clue", clue)]
    Leg.objects.update(crib_used=[line_key("clue", clue)])
    assert _found(table, f"You find it: {clue}.") == []


def test_without_leaves_a_plain_word_in_its_place(table):
    text = f"{CROC} heard that. Then the {CROC} came for Sam."
    found = hidden.find(table["adventure"], text)
    assert hidden.without(text, found, [found[0].key]) == (
        "Something heard that. Then something came for Sam."
    )


# Telling the table: the flow, over HTTP.


def _narrations() -> list[str]:
    return list(TableEvent.objects.filter(kind="narration").values_list("summary", flat=True))


def _tell(director, table, data, htmx=True):
    headers = HTMX if htmx else {}
    return director.post(table["url"] + "narrate/", data, headers=headers)


def _choice(table, text: str) -> str:
    return "choice-" + hidden.find(table["adventure"], text)[0].key


LINE = f"Separate them: the {CROC} heard that"


def test_a_consequence_is_shown_first_with_the_hidden_danger_marked(director, table):
    answer = _tell(director, table, {"note": LINE, "part": "consequences"})
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "gives away something the players haven't been told" in html
    assert f'<mark class="tell-secret" title="A hidden Danger">{CROC}' in html
    assert f"Reveal {CROC} on every screen" in html
    assert _narrations() == []


def test_a_clean_consequence_is_shown_first_too(director, table):
    answer = _tell(director, table, {"note": "A rope snaps", "part": "consequences"})
    assert "Every screen's log gets this line" in answer.content.decode()
    assert _narrations() == []
    answer = _tell(
        director, table, {"note": "A rope snaps", "part": "consequences", "confirm": "1"}
    )
    assert "Posted to everyone" in answer.content.decode()
    assert _narrations() == ["The Director: A rope snaps"]


def test_posted_without_it_the_name_never_reaches_a_player(director, table):
    data = {"note": LINE, "part": "consequences", "confirm": "1", _choice(table, LINE): "out"}
    answer = _tell(director, table, data)
    assert answer.status_code == 200
    assert _narrations() == ["The Director: Separate them: something heard that"]
    page = player_client(table["sam"]).get(table["url"]).content.decode()
    assert "Separate them: something heard that" in page
    assert CROC not in page
    table["croc"].refresh_from_db()
    assert not table["croc"].revealed


def test_revealed_the_danger_shows_and_the_line_is_posted_whole(director, table):
    data = {"note": LINE, "part": "consequences", "confirm": "1", _choice(table, LINE): "reveal"}
    _tell(director, table, data)
    table["croc"].refresh_from_db()
    assert table["croc"].revealed
    assert _narrations() == [f"The Director: {LINE}"]
    assert TableEvent.objects.filter(summary=f"Enter {CROC}!").exists()
    assert CROC in player_client(table["sam"]).get(table["url"]).content.decode()


def test_a_rephrased_line_is_checked_again(director, table):
    data = {"note": LINE, "part": "consequences", "confirm": "1", _choice(table, LINE): "out"}
    rephrased = data | {"note": "Something big stirs at the Spice Warehouse"}
    answer = _tell(director, table, rephrased)
    assert '<mark class="tell-secret"' in answer.content.decode()
    assert _narrations() == []
    _tell(director, table, rephrased | {"note": "Something big stirs below"})
    assert _narrations() == ["The Director: Something big stirs below"]


@pytest.mark.parametrize(
    "forged",
    [
        {"note": LINE},  # typed, never previewed
        {"note": LINE, "part": "consequences", "confirm": "1"},  # previewed, nothing chosen
        {"note": LINE, "confirm": "1", "choice-danger-0000000000": "say"},  # a made-up key
    ],
)
def test_a_forged_post_gets_the_preview_and_posts_nothing(director, table, forged):
    answer = _tell(director, table, forged)
    assert answer.status_code == 200
    assert f'<mark class="tell-secret" title="A hidden Danger">{CROC}' in answer.content.decode()
    assert _narrations() == []


def test_a_hidden_danger_cant_be_named_and_stay_hidden(director, table):
    data = {"note": LINE, "confirm": "1", _choice(table, LINE): "say"}
    assert '<mark class="tell-secret"' in _tell(director, table, data).content.decode()
    assert _narrations() == []


def test_the_director_may_name_a_place_as_it_is(director, table):
    line = "You spot the Spice Warehouse"
    assert '<mark class="tell-secret"' in _tell(director, table, {"note": line}).content.decode()
    _tell(director, table, {"note": line, "confirm": "1", _choice(table, line): "say"})
    assert _narrations() == [f"The Director: {line}"]


def test_a_typed_line_with_nothing_hidden_goes_straight_out(director, table):
    assert _tell(director, table, {"note": "The lights go out"}).status_code == 200
    assert _narrations() == ["The Director: The lights go out"]


def test_without_javascript_the_preview_is_a_page_and_posting_goes_back(director, table):
    answer = _tell(director, table, {"note": LINE, "part": "consequences"}, htmx=False)
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "<h1>Tell the table</h1>" in html
    assert '<mark class="tell-secret"' in html
    data = {"note": LINE, "part": "consequences", "confirm": "1", _choice(table, LINE): "out"}
    answer = _tell(director, table, data, htmx=False)
    assert answer.status_code == 302
    assert _narrations() == ["The Director: Separate them: something heard that"]
    cancelled = _tell(director, table, {"note": LINE, "cancel": "1"}, htmx=False)
    assert cancelled.status_code == 302
    assert len(_narrations()) == 1


def test_a_clue_from_the_crib_is_shown_first_and_its_secrets_marked(director, table):
    location = table["location"]
    location.clues = f"Wet scales: the {CROC} was here"
    location.save()
    clue = location.clues
    key = line_key(f"place-{location.pk}", clue)
    url = table["url"] + "crib/post/"
    answer = director.post(url, {"line": key, "part": "crib"}, headers=HTMX)
    html = answer.content.decode()
    assert f'<mark class="tell-secret" title="A hidden Danger">{CROC}' in html
    assert "a clue not yet posted" not in html  # the clue itself is what is being posted
    assert hidden.find(table["adventure"], clue)[0].kind == "clue"  # elsewhere, it would be
    assert _narrations() == []
    forged = director.post(url, {"line": key, "confirm": "1", "note": clue}, headers=HTMX)
    assert '<mark class="tell-secret"' in forged.content.decode()
    assert _narrations() == []
    choice = "choice-" + hidden.find(table["adventure"], clue, skip=[f"clue-{key}"])[0].key
    director.post(url, {"line": key, "confirm": "1", "note": clue, choice: "out"}, headers=HTMX)
    assert _narrations() == ["Clue: Wet scales: something was here"]
    assert Leg.objects.get().crib_used == [key]


def test_a_player_cannot_tell_the_table(table):
    sam = player_client(table["sam"])
    assert sam.post(table["url"] + "narrate/", {"note": "Hi"}, headers=HTMX).status_code == 404


def test_the_directors_line_in_the_cast_journal_is_checked_too(director, table):
    url = table["url"] + "journal/"
    line = f"The {CROC} lurks below"
    answer = director.post(url, {"text": line}, headers=HTMX)
    assert f'<mark class="tell-secret" title="A hidden Danger">{CROC}' in answer.content.decode()
    assert not CastJournalEntry.objects.exists()
    director.post(url, {"text": line, _choice(table, line): "out"}, headers=HTMX)
    assert list(CastJournalEntry.objects.values_list("text", flat=True)) == [
        "Something lurks below"
    ]
    # A player writes what they like: they can only know what they were told.
    sam = player_client(table["sam"])
    sam.post(url, {"text": line, "character": table["sam"].pk}, headers=HTMX)
    assert CastJournalEntry.objects.filter(text=line).exists()


@pytest.mark.parametrize(
    ("name", "secret"),
    [("Dr. X*", True), ("\\d+", True), ("Ünter Dëck", True), ("(((", False), ("—", False)],
)
def test_names_with_odd_characters_are_found_as_written(director, table, name, secret):
    Danger.objects.update(name=name)
    line = f"Look out: {name} again"
    assert _found(table, line) == ([("danger", name)] if secret else [])
    choices = {_choice(table, line): "out"} if secret else {}
    assert _tell(director, table, {"note": line, "confirm": "1"} | choices).status_code == 200
    # A title ("Dr.") names a person: "someone", never "something".
    stand_in = ("someone" if name.startswith("Dr") else "something") if secret else name
    assert _narrations() == [f"The Director: Look out: {stand_in} again"]


# The review: "Warn something, who is hiding at somewhere" went out, unseen by the Director.
WARN = f"Warn the {CROC}, who is hiding at the Spice Warehouse"


def _keys(table, text: str) -> dict[str, str]:
    return {h.kind: "choice-" + h.key for h in hidden.find(table["adventure"], text)}


def test_the_preview_shows_exactly_what_the_table_will_read(director, table):
    answer = _tell(director, table, {"note": WARN, "part": "consequences"})
    page = answer.content.decode()
    # Both left out (the choices as they start): plain words that read right.
    assert "Every screen's log will read:" in page
    assert "The Director: Warn someone who is hiding somewhere</blockquote>" in page
    assert _narrations() == []


def test_the_preview_follows_the_directors_choices_and_posts_nothing(director, table):
    keys = _keys(table, WARN)
    asked = {"note": WARN, "part": "consequences", "confirm": "1", "look": "line"}
    answer = _tell(director, table, asked | {keys["danger"]: "reveal", keys["place"]: "out"})
    assert answer.status_code == 200
    line = answer.content.decode()
    assert f"The Director: Warn the {CROC}, who is hiding somewhere</blockquote>" in line
    assert "<form" not in line  # the line alone, redrawn in the form as it stands
    assert _narrations() == []
    table["croc"].refresh_from_db()
    assert not table["croc"].revealed
    # Without JavaScript the button asks for the whole preview, the choices kept.
    asked |= {"look": "1", keys["danger"]: "reveal", keys["place"]: "say"}
    page = _tell(director, table, asked, htmx=False).content.decode()
    assert f"The Director: {WARN}</blockquote>" in page
    assert 'value="reveal" checked' in page
    assert 'value="say" checked' in page
    assert _narrations() == []
    # Posted as previewed.
    _tell(director, table, asked | {"look": "", keys["danger"]: "out", keys["place"]: "out"})
    assert _narrations() == ["The Director: Warn someone who is hiding somewhere"]


def test_a_clue_prep_holds_twice_is_no_secret_in_its_own_post(director, table):
    """A fresh-eyes prep put the same clue under the Leg and at a Key Location: posting one,
    the other was marked "a clue not yet posted", and the post went out as "The Director: …"."""
    clue = "The gear crates are stamped with a clockmaker's mark from Vienna."
    location = table["location"]
    location.clues = clue
    location.save()
    Leg.objects.filter(pk=location.leg_id).update(clues=clue)
    key = line_key(f"place-{location.pk}", clue)
    url = table["url"] + "crib/post/"
    html = director.post(url, {"line": key, "part": "crib"}, headers=HTMX).content.decode()
    assert "a clue not yet posted" not in html
    assert '<mark class="tell-secret"' not in html
    director.post(url, {"line": key, "confirm": "1", "note": clue}, headers=HTMX)
    assert _narrations() == [f"Clue: {clue}"]


def test_an_empty_line_says_nothing_was_posted(director, table):
    """A fresh-eyes Director pressed the free line's "Tell the table" beside a prompt's preview:
    the refusal says so in words, where the line goes."""
    answer = director.post(table["url"] + "narrate/", {"note": ""}, headers=HTMX)
    assert answer.status_code == 409
    assert "Write the line to post first: nothing was posted." in answer.content.decode()
    assert _narrations() == []
