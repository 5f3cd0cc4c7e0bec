"""Recaps (DESIGN.md §2): when a Leg ends the app drafts what happened from the log, in full
sentences and only what the Cast saw; the Director edits and publishes it; the Cast reads,
prints and exports it."""

import pytest

from sessions.models import Recap, TableEvent, next_to_undo
from sessions.rules import DangerTemplate, LoadedDice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form
from tests.integration.test_table_permissions import HIDDEN

pytestmark = pytest.mark.django_db


def _ask(**setup):
    from sessions.actions import gambles

    fields = dict(
        intent="", knacks=[], equipment=[], sound_effects=[], advantages=0, helpers=[], penalties=0
    )
    return gambles.GambleRequest(**(fields | setup))


@pytest.fixture
def leg_played(playing):
    """A Leg played through the table's actions, every kind of memorable moment in it."""
    from sessions.actions import (
        corrections,
        dangers,
        gambles,
        groups,
        investigations,
        legs,
        narration,
        peril,
        rolled,
        tumults,
        wideshots,
    )
    from sessions.models import Danger, Gamble

    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    director, bob, carol = adventure.director, sam.owner, ada.owner

    def gamble(hero, faces, key, **setup):
        made = gambles.roll_gamble(
            adventure, hero, _ask(**setup), key, hero.owner, LoadedDice(faces)
        )
        return Gamble.objects.get(pk=made.pk)

    wideshots.add_detail(adventure, ada, "A brass parrot on the desk", carol)
    wideshots.add_detail(adventure, sam, "Wet footprints on the stairs", bob)
    goon = dangers.add_danger(adventure, "Brass Jack's goon", DangerTemplate.MINION, director)
    dangers.reveal_danger(adventure, goon.pk, True, director)
    first = gamble(sam, [6, 2, 3], "recap-0001", sound_effects=["KA-POW!"], danger=goon)
    rolled.lock_in(adventure, first.pk, first.step, bob)
    # The hidden Dockhands (a secret name) go down unseen.
    hidden = Danger.objects.get(name__contains="Dockhands")
    dangers.director_mark_success(adventure, hidden.pk, director)
    second = gamble(ada, [2], "recap-0002")
    second = rolled.catchphrase_reroll(adventure, second.pk, second.step, carol, LoadedDice([5]))
    rolled.lock_in(adventure, second.pk, second.step, carol)
    third = gamble(sam, [4], "recap-0003")
    third = rolled.spend_lucky_save(adventure, third.pk, 0, third.step, bob)
    rolled.lock_in(adventure, third.pk, third.step, bob)
    investigations.ask_to_investigate(adventure, ada.pk, "the torn ledger", director)
    investigations.investigate(adventure, adventure.investigations.get().pk, carol, LoadedDice([4]))
    groups.call_group_gamble(adventure, "Run for the boat!", director)
    for hero, faces, key in ((sam, [6], "recap-0004"), (ada, [5], "recap-0005")):
        made = gamble(hero, faces, key)
        rolled.lock_in(adventure, made.pk, made.step, hero.owner)
    tumults.start_tumult(adventure, director)
    peril.adjust_peril(adventure, ada.pk, 6, "a falling crane", director)
    tumults.enemies_turn(adventure, {}, director)
    tumults.next_round(adventure, director)
    tumults.end_tumult(adventure, director)
    peril.adjust_peril(adventure, sam.pk, 2, "the weird", director)
    peril.rest(adventure, director, LoadedDice([1, 6]))
    narration.narrate(adventure, "The harbour bell tolls thirteen times", director)
    narration.narrate(adventure, "UNDONE-MARKER: the wrong line", director)
    corrections.undo(adventure, next_to_undo(adventure.pk).pk, director)
    legs.end_leg(adventure, director)
    return playing


def test_ending_a_leg_drafts_its_recap_from_what_happened(leg_played):
    """The facts the log gives the writer, moment by moment (how each is worded is the writer's,
    `tests/unit/test_recap_writer.py`, and may vary with the stretch of play)."""
    from sessions.recaps import story, writer

    recap = Recap.objects.get()
    assert recap.title == "Leg 1: A Ticking in the Rain"
    assert recap.leg.title == "A Ticking in the Rain"
    assert not recap.is_published  # a draft, for the Director to edit
    adventure = leg_played["adventure"]
    chapter = story.chapter(adventure, recap.after_event, recap.last_event, recap.leg)
    assert recap.body == writer.write(chapter)
    assert (chapter.leg_number, chapter.leg_title, chapter.leg_over) == (
        1,
        "A Ticking in the Rain",
        True,
    )
    assert chapter.cast == ("Sam Okafor", "Ada")
    assert chapter.sound_effects == ("KA-POW!",)
    [scene] = chapter.scenes
    assert (scene.beat, scene.place, scene.where) == (
        "Questions for the harbourmaster",
        "Harbourmaster's Office",
        "The office",
    )
    assert scene.canon == (
        ("Ada", "A brass parrot on the desk"),
        ("Sam Okafor", "Wet footprints on the stairs"),
    )
    # The Group Gamble's two parts are told (and tallied) in its own sentence, and counted
    # among the Scene's Gambles as the TV counts them.
    assert (scene.gambles, scene.successes, scene.grouped) == (5, 5, 2)
    M, H = writer.Moment, writer.Happening
    assert list(scene.happenings) == [
        H(M.BLAMMO, "Sam Okafor", "KA-POW!"),
        H(M.DANGER_OUT, "Sam Okafor", "Brass Jack's goon"),
        H(M.DANGER_OUT, "", ""),  # the Dockhands, beaten while hidden: unnamed
        H(M.CATCHPHRASE, "Ada", "Stop the presses!"),
        H(M.SNATCHED, "Sam Okafor"),
        H(M.INVESTIGATED, "Ada", "the torn ledger", "a solid lead"),
        H(
            M.GROUP,
            text="Run for the boat!",
            success=True,
            count=2,
            of=2,
            who=("Sam Okafor", "Ada"),
        ),
        H(M.TUMULT, count=2),
        H(M.KNOCKOUT, "Ada", "until the Tumult ends", "Why: a falling crane"),
        H(M.REST, text="Sam Okafor", count=1, who=("Sam Okafor",)),
        H(M.NARRATION, text="The harbour bell tolls thirteen times"),
    ]
    # In full sentences, in paragraphs (an opening, the Scene, a close), not a table dump.
    body = recap.body
    for told in (
        "“Questions for the harbourmaster”, played out at Harbourmaster's Office",
        # The place's description reads as a phrase after its name, no fragment of its own.
        "at Harbourmaster's Office, a rickety office on stilts. The Cast found themselves at the "
        "office.",
        # Quoted as the screens showed it ("Ada sees a brass parrot on the desk").
        "Ada added “a brass parrot on the desk”",
        "“Stop the presses!” cried Ada, and the re-rolled dice came good.",
        "Ada took a closer look at the torn ledger and came away with a solid lead.",
        "(“Run for the boat!”): both came good, and they pulled it off.",
        "(Why: a falling crane.)",
        "The Cast caught their breath, and Sam shook off some Peril.",
        "The harbour bell tolls thirteen times.",
        "To be continued…",
    ):
        assert told in body, told
    # Sam Okafor's Blammo! came just before the goon went down: not named twice in a row.
    assert "Brass Jack's goon" in body
    assert "Sam Okafor put Brass Jack's goon" not in body
    # An opening, the Scene's setting and Wide Shot, what happened a few sentences at a time
    # (eleven moments and the tally), a close: prose, not labels.
    assert len([p for p in body.split("\n\n") if p]) == 7
    assert "Where:" not in body
    assert "|" not in body


def test_a_draft_holds_nothing_the_cast_never_saw(leg_played):
    """Markers sit in every Director-only field; a Danger beaten while hidden goes unnamed; a
    line the Director undid is not part of the story."""
    recap = Recap.objects.get()
    from sessions.recaps import drafts as recaps

    for text in (recap.title, recap.body, recaps.markdown(recap)):
        assert [marker for marker in HIDDEN if marker in text] == []
        assert "Dockhands" not in text
        assert "UNDONE-MARKER" not in text
    assert "A foe the Cast never saw clearly went down too." in recap.body


def test_drafting_again_from_an_unchanged_log_gives_the_same_words(leg_played):
    from sessions.recaps import drafts as recaps

    recap = Recap.objects.get()
    before = (recap.title, recap.body)
    recap.body = "The Director's own words."
    recap.save()
    recaps.redraft(recap)
    recap.refresh_from_db()
    assert (recap.title, recap.body) == before


def test_each_recap_tells_what_happened_since_the_last_one(director, leg_played):
    """On demand: the Director drafts what happened since the last recap; nothing new, no
    recap."""
    url = f"/adventures/{leg_played['adventure'].pk}/recaps/new/"
    response = director.post(url, follow=True)
    assert "Nothing has happened at the table since the last recap." in response.content.decode()
    assert Recap.objects.count() == 1
    from sessions.actions import legs, narration

    adventure = leg_played["adventure"]
    second = adventure.legs.create(title="Into the Storm", position=2)
    legs.start_leg(adventure, second, adventure.director, LoadedDice([1, 1]))
    narration.narrate(adventure, "Lightning splits the mast", adventure.director)
    response = director.post(url)
    recap = Recap.objects.order_by("pk").last()
    assert response.status_code == 302
    assert response["Location"] == recap.get_absolute_url()
    assert recap.title == "Leg 2: Into the Storm, so far"
    assert "Lightning splits the mast." in recap.body
    assert "KA-POW" not in recap.body  # told in the first recap already
    assert recap.after_event == Recap.objects.order_by("pk").first().last_event
    # When the Leg ends, its recap picks up where this one stopped.
    legs.end_leg(adventure, adventure.director)
    last = Recap.objects.order_by("pk").last()
    assert last.title == "Leg 2: Into the Storm, concluded"
    assert "Lightning" not in last.body
    assert last.after_event == recap.last_event


def test_the_director_edits_and_publishes_and_the_cast_reads_it(director, leg_played):
    recap = Recap.objects.get()
    sam = player_client(leg_played["sam"])
    url = recap.get_absolute_url()
    assert sam.get(url).status_code == 404  # a draft is the Director's alone
    assert sam.get(url + "markdown/").status_code == 404
    edit = director.post(
        url + "edit/",
        {
            "title": "The night the bell tolled",
            "body": "Sam hit things.\n\nAda read things.",
            "publish": "1",
        },
    )
    assert edit.status_code == 302
    recap.refresh_from_db()
    assert recap.is_published
    page = sam.get(url).content.decode()
    assert "The night the bell tolled" in page
    assert "<p>Sam hit things.</p>" in page
    assert "Edit the recap" not in page  # the Cast reads; only the Director edits
    markdown = sam.get(url + "markdown/")
    assert markdown["Content-Type"] == "text/markdown; charset=utf-8"
    assert "attachment" in markdown["Content-Disposition"]
    text = markdown.content.decode()
    assert text.startswith("# The night the bell tolled\n")
    assert "Sam hit things.\n\nAda read things." in text
    assert "ENIGMA SRD v0.7.0 by Andrew Pelham" in text
    # The Adventure's page lists it for the Cast.
    assert (
        "The night the bell tolled" in sam.get(recap.adventure.get_absolute_url()).content.decode()
    )
    director.post(url + "publish/", {"published": "0"})
    assert sam.get(url).status_code == 404


def test_a_bad_edit_is_refused_in_place_and_saves_nothing(director, leg_played):
    recap = Recap.objects.get()
    before = recap.body
    url = recap.get_absolute_url() + "edit/"
    response = director.post(url, {"title": "", "body": "Fine words.", "publish": "1"})
    assert response.status_code == 400
    content = response.content.decode()
    assert "Give the recap a title." in content
    assert 'class="masthead"' in content  # the whole page, with the message by the field
    response = director.post(url, {"title": "Fine", "body": "x\x00y"})
    assert response.status_code == 400
    assert "which can&#x27;t be saved" in response.content.decode()
    recap.refresh_from_db()
    assert recap.body == before
    assert not recap.is_published


def test_deleting_a_recap(director, leg_played):
    recap = Recap.objects.get()
    response = director.post(recap.get_absolute_url() + "delete/")
    assert response.status_code == 302
    assert not Recap.objects.exists()


def test_the_leg_recap_is_drafted_when_the_adventure_finishes_mid_leg(director, playing):
    director.post(playing["url"] + "finish/", {"confirm": "yes"}, headers=HTMX)
    recap = Recap.objects.get()
    assert recap.title == "Leg 1: A Ticking in the Rain"
    assert "And that was the end of The Clockwork Monsoon." in recap.body
    assert TableEvent.objects.filter(kind="leg_ended").exists()


def test_a_group_gamble_nobody_won_reads_right_in_the_recap(director, playing):
    from sessions.models import Gamble
    from sessions.rules import use_dice

    director.post(playing["url"] + "group/", {"text": "Outrun the flood"}, headers=HTMX)
    for n, hero in enumerate((playing["sam"], playing["ada"])):
        client = player_client(hero)
        with use_dice(LoadedDice([2])):
            client.post(
                playing["url"] + f"roll/{hero.pk}/", gamble_form(f"group-000{n}"), headers=HTMX
            )
        gamble = Gamble.objects.get(character=hero, locked=False)
        url = playing["url"] + f"gambles/{gamble.pk}/lock/"
        client.post(url, {"step": gamble.step}, headers=HTMX)
    assert TableEvent.objects.filter(kind="group_resolved").exists()
    director.post(playing["url"] + "leg/end/", headers=HTMX)
    body = Recap.objects.get().body
    # Told once, as the Group Gamble: its action and its tally, never each member's part again.
    assert (
        "Sam and Ada gambled together (“Outrun the flood”): neither came good, and it "
        "went wrong." in body
    )
    assert "have a go at it" not in body
    assert "no of two" not in body


def test_a_recap_now_is_offered_only_once_the_table_has_something_to_tell(client, alice):
    """Before anything is played there is no story: the prep page says so plainly instead of
    offering "Draft a recap now" (fresh-eyes review: it was offered on a fresh Adventure). A
    table setting is no story either; the first Leg is, and once drafted, nothing is new."""
    from django.utils.html import escape

    from sessions.actions import handdice, legs
    from sessions.models import Adventure, Leg
    from sessions.recaps.drafts import NOTHING_NEW, NOTHING_PLAYED

    nothing_played = escape(NOTHING_PLAYED)  # as the page says it

    adventure = Adventure.objects.create(director=alice, title="The Clockwork Monsoon")
    leg = Leg.objects.create(adventure=adventure, position=1, title="A Ticking in the Rain")
    client.force_login(alice)
    url = adventure.get_absolute_url()

    def recaps_panel() -> str:
        page = client.get(url).content.decode()
        return page.split('id="recaps"', 1)[1].split("</section>", 1)[0]

    handdice.choose_dice(adventure, "either", alice)
    assert "Draft a recap now" not in recaps_panel()
    assert nothing_played in recaps_panel()
    refused = client.post(url + "recaps/new/", follow=True).content.decode()
    assert nothing_played in refused
    assert not Recap.objects.exists()

    legs.start_leg(adventure, leg, alice, LoadedDice([]))
    assert "Draft a recap now" in recaps_panel()
    assert nothing_played not in recaps_panel()
    drafted = client.post(url + "recaps/new/")
    assert drafted["Location"] == Recap.objects.get().get_absolute_url()

    assert "Draft a recap now" not in recaps_panel()
    assert NOTHING_NEW in recaps_panel()
