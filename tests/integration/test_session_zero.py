"""Session zero: the Director opens it before the first Scene; the players mark the topics
privately (the table gets only the union, nothing ties a mark to a player), add one, tie their
heroes together and answer; the Director moves the table on and closes it."""

import json
import re

import pytest
from django.test import Client

from characters.models import Character, Relationship
from sessions.models import (
    Adventure,
    CastMember,
    Leg,
    SafetyNote,
    Scene,
    SessionZero,
    TableEvent,
    ZeroTopic,
)
from sessions.models.prep import ZeroStep
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

CHECKED = r'value="{}"[^>]* checked'  # a mark drawn chosen


@pytest.fixture
def zero_table(adventure, cast_member, carol, make_user):
    """Alice's Adventure before its first Scene: Bob's Sam, Carol's Ada and Dave's Max."""
    Leg.objects.filter(adventure=adventure).update(status=Leg.Status.PLANNED)
    Scene.objects.update(status=Scene.Status.PLANNED)
    ada = Character.objects.create(owner=carol, name="Ada Lovelock", archetype="investigator")
    dave = make_user("dave")
    max_ = Character.objects.create(owner=dave, name="Max Stirling", archetype="explorer")
    for hero in (ada, max_):
        CastMember.objects.create(adventure=adventure, character=hero)
    return {
        "adventure": adventure,
        "sam": cast_member.character,
        "ada": ada,
        "max": max_,
        "url": f"/adventures/{adventure.pk}/table/",
    }


def _open(client, table):
    return client.post(table["url"] + "zero/start/", headers=HTMX)


def _mark(client, table, marks, request_id, rest="fine"):
    """Marks sent from a phone; the topics not named marked ``rest`` (None: left unmarked)."""
    topics = {t.text: t.pk for t in ZeroTopic.objects.all()}
    every = dict.fromkeys(topics, rest) if rest else {}
    data = {f"topic-{topics[text]}": mark for text, mark in (every | marks).items()}
    return client.post(
        table["url"] + "zero/marks/", data, headers=HTMX | {"X-Request-ID": request_id}
    )


def test_the_table_agrees_the_union_and_nothing_ties_a_mark_to_a_player(client, zero_table):
    client.force_login(zero_table["adventure"].director)
    assert _open(client, zero_table).status_code == 200
    bob, carol, dave = (player_client(zero_table[h]) for h in ("sam", "ada", "max"))
    assert "What's in this game?" in bob.get(zero_table["url"]).content.decode()
    # Carol adds a topic: nothing records who.
    added = carol.post(
        zero_table["url"] + "zero/topics/",
        {"text": "Clowns"},
        headers=HTMX | {"X-Request-ID": "topic-request-1"},
    )
    assert added.status_code == 200
    assert _mark(bob, zero_table, {"Torture": "veil"}, "marks-bob-01").status_code == 200
    assert (
        _mark(carol, zero_table, {"Torture": "line", "Clowns": "veil"}, "marks-carol-1").status_code
        == 200
    )
    assert _mark(dave, zero_table, {"Body horror": "fine"}, "marks-dave-01").status_code == 200
    # Changed, the marks come back in the sender's part (the table hears nothing of it).
    events = TableEvent.objects.count()
    again = _mark(bob, zero_table, {"Torture": "veil"}, "marks-bob-02").content.decode()
    assert "Your marks are in" in again
    assert TableEvent.objects.count() == events
    # A phone shows its own marks, and nobody else's.
    bobs_part = bob.get(zero_table["url"] + "part/session-zero/").content.decode()
    assert re.search(CHECKED.format("veil"), bobs_part)
    assert not re.search(CHECKED.format("line"), bobs_part)
    # The Director sees who is done, never what they marked.
    part = client.get(zero_table["url"] + "part/session-zero/").content.decode()
    assert part.count("<td>Done</td>") == 3
    done = part[part.index('<table class="zero-done">') : part.index("</table>")]
    assert "veil" not in done.lower()
    assert "line" not in done.lower()
    # Everyone done, the preview holds the union (the strongest mark), without a name.
    preview = part[part.index('class="zero-preview"') :]
    assert re.search(r"badge-line\">Line</span> Torture", preview)
    assert re.search(r"badge-veil\">Veil</span> Clowns", preview)
    for name in ("bob", "carol", "dave", "Sam", "Ada", "Max"):
        assert name not in preview

    # What is stored: no user, no time, no order that follows who marked first.
    zero = SessionZero.objects.get()
    stored = json.dumps(zero.ballots)
    assert all(re.fullmatch(r"[0-9a-f]{64}", key) for key in zero.ballots)
    topic_ids = {str(pk) for pk in ZeroTopic.objects.values_list("pk", flat=True)}
    assert all(set(ballot) <= topic_ids for ballot in zero.ballots.values())
    for user in (zero_table[h].owner for h in ("sam", "ada", "max")):
        assert user.username not in stored
    assert list(zero.ballots) == sorted(zero.ballots)
    assert zero.marked == sorted(zero.marked)
    for event in TableEvent.objects.filter(kind__startswith="session_zero"):
        assert event.actor_id is None or event.kind in ("session_zero", "session_zero_step")
        assert not event.request_key or event.request_key.startswith("anon:")

    assert client.post(zero_table["url"] + "zero/next/", headers=HTMX).status_code == 200
    agreed = {(n.text, n.kind, n.author_id) for n in SafetyNote.objects.all()}
    assert agreed == {("Torture", "line", None), ("Clowns", "veil", None)}
    assert SessionZero.objects.get().ballots == {}  # the ballots are gone once agreed
    for who in (client, bob):  # every page: the union, whole, without a name
        lines = who.get(zero_table["url"] + "part/lines-veils/").content.decode()
        assert "Torture" in lines
        assert "Clowns" in lines
        for name in ("bob", "carol", "dave", "Sam", "Ada", "Max"):
            assert name not in lines
    log = client.get(f"/adventures/{zero_table['adventure'].pk}/log/json/").content.decode()
    for name in ("carol", "Ada"):
        assert name not in log


def test_marks_are_validated_and_only_players_mark(client, zero_table):
    client.force_login(zero_table["adventure"].director)
    _open(client, zero_table)
    bob = player_client(zero_table["sam"])
    topic = ZeroTopic.objects.first()
    wrong = bob.post(
        zero_table["url"] + "zero/marks/", {f"topic-{topic.pk}": "maybe"}, headers=HTMX
    )
    assert wrong.status_code == 409
    assert "fine, a Veil or a Line" in wrong.content.decode()
    forged = bob.post(zero_table["url"] + "zero/marks/", {"topic-999999": "line"}, headers=HTMX)
    assert forged.status_code == 409
    director = client.post(
        zero_table["url"] + "zero/marks/", {f"topic-{topic.pk}": "line"}, headers=HTMX
    )
    assert director.status_code == 409
    assert SessionZero.objects.get().ballots == {}
    long = bob.post(zero_table["url"] + "zero/topics/", {"text": "x" * 61}, headers=HTMX)
    assert long.status_code == 409
    assert ZeroTopic.objects.count() == 9


def test_heroes_tie_together_and_both_sheets_show_it(client, zero_table):
    client.force_login(zero_table["adventure"].director)
    _open(client, zero_table)
    bob, carol = player_client(zero_table["sam"]), player_client(zero_table["ada"])
    sam, ada = zero_table["sam"], zero_table["ada"]
    url = zero_table["url"]
    # Not before the step.
    early = bob.post(f"{url}zero/connect/{sam.pk}/", {"other": ada.pk, "text": "Hi"}, headers=HTMX)
    assert early.status_code == 409
    client.post(url + "zero/next/", headers=HTMX)
    # Not to oneself, nor to a hero from elsewhere, nor for someone else's hero.
    stranger = Character.objects.create(owner=sam.owner, name="Elsewhere", archetype="explorer")
    for other in (sam.pk, stranger.pk):
        refused = bob.post(
            f"{url}zero/connect/{sam.pk}/", {"other": other, "text": "x"}, headers=HTMX
        )
        assert refused.status_code == 400  # not one of the choices: by the field
        assert "Choose another hero at this table" in refused.content.decode()
    assert (
        carol.post(f"{url}zero/connect/{sam.pk}/", {"other": ada.pk, "text": "x"}).status_code
        == 404
    )
    said = "Owes me a favour since Cairo"
    assert (
        bob.post(
            f"{url}zero/connect/{sam.pk}/", {"other": ada.pk, "text": said}, headers=HTMX
        ).status_code
        == 200
    )
    tie = Relationship.objects.get()
    assert (
        carol.post(
            f"{url}zero/answer/{ada.pk}/{tie.pk}/", {"text": "And I never forget it"}, headers=HTMX
        ).status_code
        == 200
    )
    # Bob can't answer for Ada.
    assert (
        bob.post(f"{url}zero/answer/{sam.pk}/{tie.pk}/", {"text": "x"}, headers=HTMX).status_code
        == 409
    )
    for who, hero in ((bob, sam), (carol, ada)):
        sheet = who.get(f"/characters/{hero.pk}/").content.decode()
        assert said in sheet
        assert "And I never forget it" in sheet
    part = client.get(url + "part/session-zero/").content.decode()
    assert part.count("<td>Done</td>") == 1  # Sam is tied; nobody marked
    assert client.post(url + "zero/close/", headers=HTMX).status_code == 200
    assert Adventure.objects.get().zero_step == ZeroStep.CLOSED
    assert SessionZero.objects.get().marked == []  # who marked is forgotten once it is over
    # Closed, the phones go back to the table; the connection stays on the sheets.
    assert "Session zero" not in bob.get(url + "part/session-zero/").content.decode()


def test_only_the_director_runs_it_and_only_before_the_first_scene(client, zero_table, make_user):
    outsider = Client()
    outsider.force_login(make_user("eve"))
    for path in (
        "zero/start/",
        "zero/marks/",
        "zero/topics/",
        f"zero/connect/{zero_table['sam'].pk}/",
    ):
        assert outsider.post(zero_table["url"] + path, headers=HTMX).status_code == 404
    bob = player_client(zero_table["sam"])
    assert bob.get(zero_table["url"] + "zero/marks/").status_code == 405
    assert _open(bob, zero_table).status_code == 404
    assert bob.post(zero_table["url"] + "zero/next/", headers=HTMX).status_code == 404
    Scene.objects.filter(position=1).update(status=Scene.Status.DONE)
    client.force_login(zero_table["adventure"].director)
    refused = _open(client, zero_table)
    assert refused.status_code == 409
    assert "before the first Leg" in refused.content.decode()
    assert not SessionZero.objects.exists()


def test_the_first_scene_ends_an_open_session_zero_with_its_marks_agreed(client, zero_table):
    from sessions.actions import legs, scenes
    from sessions.rules import LoadedDice

    adventure = zero_table["adventure"]
    client.force_login(adventure.director)
    _open(client, zero_table)
    _mark(player_client(zero_table["sam"]), zero_table, {"Torture": "line"}, "marks-bob-01")
    leg = adventure.legs.get()
    legs.start_leg(adventure, leg, adventure.director, LoadedDice([2, 3, 4]))
    scene = leg.scenes.order_by("position").first()
    event = scenes.start_scene(adventure, scene, scene.key_location, adventure.director)
    assert Adventure.objects.get().zero_step == ZeroStep.CLOSED
    assert [(n.text, n.kind) for n in SafetyNote.objects.all()] == [("Torture", "line")]
    assert "session-zero" in event.data["topics"]
    assert (
        "Session zero" not in client.get(zero_table["url"] + "part/session-zero/").content.decode()
    )


def test_connections_carry_over_to_the_campaigns_next_adventure(client, zero_table):
    """Made at one Adventure's session zero, a tie is the heroes' own: at the next Adventure
    of the Campaign it is on the table's session zero already, with its answer."""
    from sessions.actions import legs
    from sessions.models import Adventure as AdventureModel

    first = zero_table["adventure"]
    sam, ada = zero_table["sam"], zero_table["ada"]
    client.force_login(first.director)
    _open(client, zero_table)
    client.post(zero_table["url"] + "zero/next/", headers=HTMX)
    bob = player_client(sam)
    said = "Owes me a favour since the night in Cairo"
    bob.post(
        f"{zero_table['url']}zero/connect/{sam.pk}/", {"other": ada.pk, "text": said}, headers=HTMX
    )
    legs.finish_adventure(first, first.director)
    second = AdventureModel.objects.create(director=first.director, title="The Second Monsoon")
    for hero in (sam, ada):
        CastMember.objects.create(adventure=second, character=hero)
    url = f"/adventures/{second.pk}/table/"
    assert client.post(url + "zero/start/", headers=HTMX).status_code == 200
    assert client.post(url + "zero/next/", headers=HTMX).status_code == 200
    carols = player_client(ada).get(url + "part/session-zero/").content.decode()
    assert said in carols
    assert "Sam Okafor → Ada Lovelock:" in carols
    # Sam is tied already: the Director sees him done.
    part = client.get(url + "part/session-zero/").content.decode()
    assert part.count("<td>Done</td>") == 1


def test_the_streams_drawings_and_a_recap_hold_nobodys_marks_but_the_viewers(client, zero_table):
    """What the live stream sends each audience: a player's drawing holds their own marks
    alone, the TV's and the Director's none; a recap drafted after says nothing of marks."""
    from sessions.parts import EVERY_PART, drawn
    from sessions.recaps.drafts import draft_now
    from sessions.viewer import Viewer, seated_viewer

    adventure = zero_table["adventure"]
    client.force_login(adventure.director)
    _open(client, zero_table)
    _mark(player_client(zero_table["sam"]), zero_table, {"Torture": "veil"}, "marks-bob-01")
    _mark(player_client(zero_table["ada"]), zero_table, {"Body horror": "line"}, "marks-carol-1")
    bobs = dict(drawn(seated_viewer(adventure.pk, zero_table["sam"].owner_id), EVERY_PART))
    assert re.search(CHECKED.format("veil"), bobs["session-zero"])
    assert not re.search(CHECKED.format("line"), bobs["session-zero"])
    fresh = Adventure.objects.get()
    for viewer in (
        Viewer(fresh, None, screen=True),
        seated_viewer(adventure.pk, adventure.director_id),
    ):
        drawing = dict(drawn(viewer, EVERY_PART))["session-zero"]
        assert "checked" not in drawing
        assert "Veil</span>" not in drawing
    client.post(zero_table["url"] + "zero/next/", headers=HTMX)
    recap = draft_now(Adventure.objects.get())
    for marked in ("Torture", "Body horror", "marked", "bob", "carol"):
        assert marked not in recap.body


def test_the_x_card_holds_the_table_on_but_never_the_marks(client, zero_table):
    client.force_login(zero_table["adventure"].director)
    _open(client, zero_table)
    Adventure.objects.update(paused=True)
    bob = player_client(zero_table["sam"])
    assert _mark(bob, zero_table, {"Torture": "line"}, "marks-bob-01").status_code == 200
    added = bob.post(zero_table["url"] + "zero/topics/", {"text": "Clowns"}, headers=HTMX)
    assert added.status_code == 200
    held = client.post(zero_table["url"] + "zero/next/", headers=HTMX)
    assert held.status_code == 409
    assert "paused" in held.content.decode()
    assert Adventure.objects.get().zero_step == ZeroStep.TONE


def test_a_topic_is_unmarked_until_marked_and_all_fine_is_said_explicitly(client, zero_table):
    """No topic starts "fine": a player is done when every topic is marked, or when they say
    everything is fine for them."""
    client.force_login(zero_table["adventure"].director)
    _open(client, zero_table)
    bob, dave = player_client(zero_table["sam"]), player_client(zero_table["max"])
    url = zero_table["url"]
    fresh = bob.get(url + "part/session-zero/").content.decode()
    assert " checked" not in fresh
    assert "Everything is fine for me" in fresh
    assert fresh.count("not marked yet") == ZeroTopic.objects.count()
    half = _mark(bob, zero_table, {"Torture": "veil"}, "marks-bob-01", rest=None)
    assert half.status_code == 200
    said = half.content.decode()
    assert "Your marks are in" not in said
    assert f"{ZeroTopic.objects.count() - 1} topics still to mark" in said
    assert "Everything is fine for me" not in said  # it would wipe Bob's Veil
    assert SessionZero.objects.get().marked == []
    assert not TableEvent.objects.filter(kind="session_zero_marked").exists()
    # Reloaded, Bob's one mark is still his, the rest still unmarked.
    again = bob.get(url + "part/session-zero/").content.decode()
    assert re.search(CHECKED.format("veil"), again)
    assert again.count("not marked yet") == ZeroTopic.objects.count() - 1
    fine = dave.post(url + "zero/marks/", {"all_fine": "yes"}, headers=HTMX)
    assert "Your marks are in" in fine.content.decode()
    assert SessionZero.objects.get().marked == [zero_table["max"].owner_id]
    director = client.get(url + "part/session-zero/").content.decode()
    assert director.count("<td>Done</td>") == 1
    assert "show here once every player is done" in director  # no preview yet


def test_a_late_topic_reopens_everyone_and_the_director_sees_it(client, zero_table):
    client.force_login(zero_table["adventure"].director)
    _open(client, zero_table)
    url = zero_table["url"]
    players = [player_client(zero_table[h]) for h in ("sam", "ada", "max")]
    for n, player in enumerate(players):
        _mark(player, zero_table, {"Torture": "line"}, f"marks-player-{n}")
    assert client.get(url + "part/session-zero/").content.decode().count("<td>Done</td>") == 3
    added = players[1].post(url + "zero/topics/", {"text": "Clowns"}, headers=HTMX)
    assert added.status_code == 200
    zero = SessionZero.objects.get()
    assert zero.marked == []
    assert len(zero.reopened) == 3  # the one who added it is asked like everyone else
    director = client.get(url + "part/session-zero/").content.decode()
    assert director.count("<td>New topic to mark</td>") == 3
    assert "Added by the table" in director
    assert "Clowns" in director
    for player in players:
        phone = player.get(url + "part/session-zero/").content.decode()
        assert "A new topic to mark:</strong> Clowns" in phone
    _mark(players[0], zero_table, {"Torture": "line", "Clowns": "veil"}, "marks-again-0")
    director = client.get(url + "part/session-zero/").content.decode()
    assert director.count("<td>Done</td>") == 1
    assert director.count("<td>New topic to mark</td>") == 2


def test_who_added_a_topic_is_on_no_page_stream_export_or_recap(client, zero_table):
    """Like the X-card: the addition names nobody, keeps nobody's request, and is not kept in
    the log (nor are the times players finished marking), so nothing lines the two up."""
    from sessions.live.drawing import draw_event
    from sessions.recaps.drafts import draft_now

    adventure = zero_table["adventure"]
    client.force_login(adventure.director)
    _open(client, zero_table)
    url = zero_table["url"]
    bob, carol = player_client(zero_table["sam"]), player_client(zero_table["ada"])
    _mark(bob, zero_table, {}, "marks-bob-01")
    carol.post(url + "zero/topics/", {"text": "Clowns"}, headers=HTMX | {"X-Request-ID": "t-1"})
    _mark(carol, zero_table, {"Clowns": "line"}, "marks-carol-1")
    live_only = TableEvent.objects.filter(kind__in=("session_zero_topic", "session_zero_marked"))
    assert live_only.count() == 3  # Bob done, the topic, Carol done
    for event in live_only:
        assert event.actor_id is None
        assert event.character_id is None
        assert not event.request_key or event.request_key.startswith("anon:")
        drawing = draw_event(event.pk).public.decode()
        for name in ("bob", "carol", "Sam", "Ada"):
            assert name not in drawing
        assert "event: log" not in drawing  # no log row, live or kept
    client.post(url + "zero/next/", headers=HTMX)
    pages = [
        client.get(url).content.decode(),
        carol.get(url).content.decode(),
        client.get(url + "part/log/").content.decode(),
        client.get(f"/adventures/{adventure.pk}/log/").content.decode(),
        client.get(f"/adventures/{adventure.pk}/log/json/").content.decode(),
        client.get(f"/adventures/{adventure.pk}/log/markdown/").content.decode(),
        draft_now(Adventure.objects.get()).body,
    ]
    for page in pages:
        assert "topic was added" not in page.lower()
        assert "new topic to mark" not in page.lower()
        assert "a player marked every topic" not in page.lower()
    assert "Clowns" in pages[0]  # the agreed Line is on the table, without a name


def test_a_hero_is_tied_once_to_each_other_hero(client, zero_table):
    """The tie form offers only the heroes not tied yet; a second tie to the same hero is
    refused by its field, nothing changed."""
    client.force_login(zero_table["adventure"].director)
    _open(client, zero_table)
    client.post(zero_table["url"] + "zero/next/", headers=HTMX)
    bob, sam, ada = player_client(zero_table["sam"]), zero_table["sam"], zero_table["ada"]
    url = f"{zero_table['url']}zero/connect/{sam.pk}/"
    made = bob.post(url, {"other": ada.pk, "text": "Owes me a favour"}, headers=HTMX)
    assert made.status_code == 200
    content = bob.get(zero_table["url"] + "part/session-zero/").content.decode()
    assert re.search(rf'data-tie="{sam.pk}-{ada.pk}">.*Owes me a favour', content)
    form = content[content.index('class="stack zero-tie-form"') :]
    form = form[: form.index("</form>")]
    assert f'<option value="{ada.pk}"' not in form
    assert f'<option value="{zero_table["max"].pk}"' in form
    again = bob.post(url, {"other": ada.pk, "text": "Saved my life"}, headers=HTMX)
    assert again.status_code == 400
    content = again.content.decode()
    errors = re.search(
        rf'<ul class="errorlist" id="tie-{sam.pk}-other_error">(.*?)</ul>', content, re.S
    )
    assert errors
    assert "Sam Okafor is already tied to Ada Lovelock" in errors[1]
    assert 'value="Saved my life"' in content  # what was typed, kept
    assert [r.description for r in Relationship.objects.all()] == ["Owes me a favour"]


def test_answering_a_tie_again_changes_the_answer_without_a_second_log_line(client, zero_table):
    """The fresh eyes' review: a second answer to the same tie showed "Ada answers Sam" twice in
    the log. A second answer replaces the first; the log tells the table once."""
    from sessions.models.table import UNLOGGED

    client.force_login(zero_table["adventure"].director)
    _open(client, zero_table)
    client.post(zero_table["url"] + "zero/next/", headers=HTMX)
    bob, carol = player_client(zero_table["sam"]), player_client(zero_table["ada"])
    sam, ada, url = zero_table["sam"], zero_table["ada"], zero_table["url"]
    bob.post(f"{url}zero/connect/{sam.pk}/", {"other": ada.pk, "text": "Cairo"}, headers=HTMX)
    tie = Relationship.objects.get()
    for said in ("And I never forget it", "I forgave you long ago"):
        answered = carol.post(f"{url}zero/answer/{ada.pk}/{tie.pk}/", {"text": said}, headers=HTMX)
        assert answered.status_code == 200
    tie.refresh_from_db()
    assert tie.answer == "I forgave you long ago"
    logged = TableEvent.objects.exclude(kind__in=UNLOGGED).values_list("summary", flat=True)
    assert [s for s in logged if "answers" in s] == [f"{ada.name} answers {sam.name}."]
    part = client.get(url + "part/session-zero/").content.decode()
    assert "I forgave you long ago" in part
    assert "And I never forget it" not in part


def test_a_player_loading_the_adventure_page_once_it_is_open_goes_to_the_table(client, zero_table):
    """The page says it takes the player to the table when session zero opens: loaded after
    it opened, it does so at once (a fresh-eyes phone waited on it, then had to tap)."""
    adventure, bob = zero_table["adventure"], player_client(zero_table["sam"])
    page = f"/adventures/{adventure.pk}/"
    waiting = bob.get(page)
    assert waiting.status_code == 200
    assert "this page takes you to the table" in waiting.content.decode()

    client.force_login(adventure.director)
    assert _open(client, zero_table).status_code == 200
    assert bob.get(page).headers["Location"] == zero_table["url"]
    # The Director still reads their outline.
    assert client.get(page).status_code == 200
    # Closed, and then in play: the page is one to read again (the whole journal, the story).
    Adventure.objects.filter(pk=adventure.pk).update(zero_step=ZeroStep.CLOSED)
    assert bob.get(page).status_code == 200
    Adventure.objects.filter(pk=adventure.pk).update(
        zero_step=ZeroStep.TONE, status=Adventure.Status.PLAYING
    )
    assert bob.get(page).status_code == 200
