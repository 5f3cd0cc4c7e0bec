"""Script Change's fast-forward (anyone asks, anonymously; the Director moves the Scene on) and
"Previously on…" (the Director plays the last published recap on the TV and the phones)."""

import hashlib
import re
import time

import pytest
from django.utils import timezone

from sessions.models import Adventure, Recap, Scene, TableEvent
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db

ASKED = "Someone asked to fast-forward"


def _ask(client, playing, request_id="ff-request-01"):
    headers = HTMX | {"X-Request-ID": request_id}
    return client.post(playing["url"] + "fast-forward/", headers=headers)


def test_a_player_asks_to_fast_forward_and_nothing_says_who(director, playing):
    carol = player_client(playing["ada"])
    assert "Fast-forward" in carol.get(playing["url"]).content.decode()
    assert _ask(carol, playing).status_code == 200
    assert _ask(carol, playing).status_code == 200  # a Retry: done once
    adventure = Adventure.objects.get()
    assert adventure.fast_forward_asked
    assert not adventure.paused
    event = TableEvent.objects.get(kind="fast_forward")
    carol_user = playing["ada"].owner
    assert event.actor_id is None
    assert event.character_id is None
    stored = f"{event.summary} {event.data} {event.request_key}"
    assert carol_user.username not in stored
    assert "Ada" not in stored
    # Its request key is the page's id hashed with the table's: the same whoever sent it.
    made_of = f"anonymous:{playing['adventure'].pk}:ff-request-01".encode()
    assert event.request_key == "anon:" + hashlib.sha256(made_of).hexdigest()[:48]
    # The Director sees the request, and every phone that someone asked: nobody sees who.
    for client in (director, player_client(playing["sam"]), carol):
        assert ASKED in client.get(playing["url"]).content.decode()
        part = client.get(playing["url"] + "part/pause/").content.decode()
        # (Not in a form's random CSRF token either, where "Ada" may turn up by chance.)
        part = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", part)
        assert carol_user.username not in part
        assert "Ada" not in part
        log = client.get(playing["url"] + "part/log/").content.decode()
        assert "Someone asked to fast-forward past this moment." in log
    assert "Done: moved on" in director.get(playing["url"] + "part/pause/").content.decode()
    # Asked once is enough: a second ask (another page) is refused in plain words.
    again = _ask(player_client(playing["sam"]), playing, "ff-request-02")
    assert again.status_code == 409
    assert "already asked" in again.content.decode()
    # The Director moves on: the request is answered everywhere.
    done = director.post(playing["url"] + "fast-forward/done/", headers=HTMX)
    assert done.status_code == 200
    assert not Adventure.objects.get().fast_forward_asked
    pause = player_client(playing["sam"]).get(playing["url"] + "part/pause/").content.decode()
    assert ASKED not in pause
    assert "Fast-forward</button>" in pause


def test_the_x_card_keeps_no_user_in_its_request_key(playing):
    carol = player_client(playing["ada"])
    headers = HTMX | {"X-Request-ID": "xcard-request-01"}
    assert carol.post(playing["url"] + "x-card/", headers=headers).status_code == 200
    event = TableEvent.objects.get(kind="x_card")
    assert event.request_key
    assert not event.request_key.startswith(f"{playing['ada'].owner.pk}:")


def test_fast_forward_waits_for_a_scene_and_only_the_director_answers_it(director, playing):
    Scene.objects.update(status=Scene.Status.DONE)
    carol = player_client(playing["ada"])
    refused = _ask(carol, playing)
    assert refused.status_code == 409
    assert "Fast-forward needs a Scene in play" in refused.content.decode()
    assert not TableEvent.objects.filter(kind="fast_forward").exists()
    Adventure.objects.update(fast_forward_asked=True)
    # A player can't answer it; an outsider can't even see the table.
    assert carol.post(playing["url"] + "fast-forward/done/", headers=HTMX).status_code == 404
    assert Adventure.objects.get().fast_forward_asked


def _recap(adventure, body, published=True, title="The Gears of Vienna"):
    return Recap.objects.create(
        adventure=adventure,
        title=title,
        body=body,
        published=timezone.now() if published else None,
    )


STORY = (
    "The Cast chased a clockmaker across the docks. Crates of brass gears rained down!\n\n"
    "Sam swung from a crane and caught the villain's satchel. Ada read the stamp on the "
    "crates: Vienna, and a name nobody expected."
)


def _between_scenes(playing):
    Scene.objects.update(status=Scene.Status.DONE)


def test_the_director_plays_previously_on_from_the_published_recap(director, playing):
    _between_scenes(playing)
    _recap(playing["adventure"], "A DRAFT NOBODY MAY SEE.", published=False, title="Draft")
    _recap(playing["adventure"], STORY)
    offer = director.get(playing["url"]).content.decode()
    assert "Play “Previously on…”" in offer
    assert "The Gears of Vienna" in offer
    assert director.post(playing["url"] + "previously/", headers=HTMX).status_code == 200
    state = Adventure.objects.get().previously_on
    assert state["recap"] == Recap.objects.get(title="The Gears of Vienna").pk
    # The phones read it whole; never the draft.
    phone = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Previously on…" in phone
    assert "Crates of brass gears rained down!" in phone
    assert "DRAFT NOBODY" not in phone
    assert "Skip" in director.get(playing["url"]).content.decode()
    # Skipped: gone everywhere, and not back on a reload.
    assert director.post(playing["url"] + "previously/skip/", headers=HTMX).status_code == 200
    assert Adventure.objects.get().previously_on == {}
    phone = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Crates of brass gears" not in phone


def test_a_scene_starting_folds_the_phones_story_to_a_line(director, playing):
    """A fresh-eyes evening: the recap stayed open on every phone once the Scene started, and
    pushed Roll! far down until each player tapped Skip. It folds to a line to read again."""
    _between_scenes(playing)
    _recap(playing["adventure"], STORY)
    director.post(playing["url"] + "previously/", headers=HTMX)
    sam = player_client(playing["sam"])
    part = sam.get(playing["url"] + "part/previously/").content.decode()
    assert "Got it: on with the show" in part
    assert "previously-folded" not in part
    # Played in a Scene (the page offers it between Scenes alone), it stays open.
    Scene.objects.update(status=Scene.Status.PLAYING)
    assert (
        "Got it: on with the show" in sam.get(playing["url"] + "part/previously/").content.decode()
    )
    # The Director starts the next Scene.
    TableEvent.objects.create(
        adventure=playing["adventure"], kind="scene_started", summary="Scene 2 begins."
    )
    part = sam.get(playing["url"] + "part/previously/").content.decode()
    folded = re.search(r'<details class="[^"]*previously-folded"[^>]*>', part)
    assert folded
    assert " open" not in folded.group(0)
    assert 'Previously on… <span class="muted">(read again)</span>' in part
    assert "Crates of brass gears rained down!" in part  # there, a tap away
    assert "Got it: on with the show" not in part


def test_a_draft_is_never_played(director, playing):
    _between_scenes(playing)
    _recap(playing["adventure"], "A DRAFT NOBODY MAY SEE.", published=False)
    assert "Previously on" not in director.get(playing["url"]).content.decode()
    refused = director.post(playing["url"] + "previously/", headers=HTMX)
    assert refused.status_code == 409
    assert "No published recap yet" in refused.content.decode()
    # Unpublished while it plays: it goes.
    recap = _recap(playing["adventure"], STORY)
    director.post(playing["url"] + "previously/", headers=HTMX)
    Recap.objects.filter(pk=recap.pk).update(published=None)
    phone = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Crates of brass gears" not in phone


def test_only_the_director_plays_previously_on(client, playing, make_user):
    _between_scenes(playing)
    _recap(playing["adventure"], STORY)
    carol = player_client(playing["ada"])
    assert carol.post(playing["url"] + "previously/", headers=HTMX).status_code == 404
    assert "Play “Previously on…”" not in carol.get(playing["url"]).content.decode()
    client.force_login(make_user("mallory"))
    assert client.post(playing["url"] + "previously/", headers=HTMX).status_code == 404
    assert client.post(playing["url"] + "previously/skip/", headers=HTMX).status_code == 404
    assert client.post(playing["url"] + "fast-forward/", headers=HTMX).status_code == 404
    assert Adventure.objects.get().previously_on == {}


def test_previously_on_is_over_when_its_time_is_up(director, playing):
    _between_scenes(playing)
    _recap(playing["adventure"], STORY)
    director.post(playing["url"] + "previously/", headers=HTMX)
    state = Adventure.objects.get().previously_on
    Adventure.objects.update(previously_on=state | {"until": time.time() - 1})
    phone = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Crates of brass gears" not in phone


def test_the_last_adventure_of_the_campaign_tells_the_story_so_far(director, playing):
    from sessions.models import Campaign

    adventure = playing["adventure"]
    campaign = Campaign.objects.create(director=adventure.director, title="The Brass Years")
    earlier = Adventure.objects.create(director=adventure.director, title="Act One")
    Adventure.objects.filter(pk__in=[adventure.pk, earlier.pk]).update(campaign=campaign)
    _recap(earlier, STORY)
    _between_scenes(playing)
    assert director.post(playing["url"] + "previously/", headers=HTMX).status_code == 200
    phone = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert "Sam swung from a crane" in phone


def test_the_story_is_paged_in_whole_sentences():
    from sessions.recaps import sequence

    long_one = "And then " + "the gears kept turning and turning " * 12 + "until dawn."
    text = f"{STORY}\n\n{long_one} The end came quietly."
    pages = sequence.pages(text)
    told = " ".join(page.text for page in pages)
    assert told == " ".join(text.split())  # every word, in order, nothing cut
    for page in pages:
        assert page.text[-1] in ".!?", page.text  # a page ends where a sentence does
        assert len(page.text) <= sequence.PAGE or page.text == long_one
    assert [page.long for page in pages].count(True) == 1
    assert sequence.length(pages) == sequence.TITLE_SECONDS + sum(p.seconds for p in pages)
