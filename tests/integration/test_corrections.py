"""Corrections (DESIGN.md §2): the Director undoes table actions one at a time, newest first,
back to the start of the Scene in play. Each undo puts back the state the action's journal
recorded, frees the sound effects of a Gamble it takes back, and is itself an event; the undone
events stay in the log, struck through."""

import pytest

from characters.models import Character
from sessions import live
from sessions.models import Danger, Gamble, SoundEffect, TableEvent, Tumult, next_to_undo
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form

pytestmark = pytest.mark.django_db

TRACKERS = ("peril", "lucky_saves", "blammo", "knockouts", "incapacitated", "catchphrase_used")


def _trackers(character: Character) -> tuple:
    character.refresh_from_db()
    return tuple(getattr(character, name) for name in TRACKERS)


def _undo(director, playing, expected: int | None = None):
    """Press Undo as the Director's page does: naming the move on offer (or ``expected``)."""
    if expected is None:
        offered = next_to_undo(playing["adventure"].pk)
        expected = offered.pk if offered else None
    data = {} if expected is None else {"event": expected}
    return director.post(playing["url"] + "undo/", data, headers=HTMX)


def _roll(client, playing, hero, request_id="request-0001", **data):
    return client.post(
        playing["url"] + f"roll/{hero.pk}/", gamble_form(request_id, **data), headers=HTMX
    )


def _lock(client, playing, gamble):
    gamble.refresh_from_db()
    url = playing["url"] + f"gambles/{gamble.pk}/lock/"
    return client.post(url, {"step": gamble.step}, headers=HTMX)


def test_a_whole_gamble_is_taken_back_move_by_move(director, playing):
    """Roll (with a Blammo! Die), a Lucky Save, the lock-in with its blunder and Peril: three
    undos put Sam, the Gamble and the sound effect back as they were before the roll."""
    sam = playing["sam"]
    before = _trackers(sam)
    client = player_client(sam)
    with use_dice(LoadedDice([1, 3])):
        assert _roll(client, playing, sam, sound_effects=["KA-BLAM!"]).status_code == 200
    gamble = Gamble.objects.get()
    url = playing["url"] + f"gambles/{gamble.pk}/lucky/"
    assert client.post(url, {"die": 1, "step": gamble.step}, headers=HTMX).status_code == 200
    assert _lock(client, playing, gamble).status_code == 200
    locked = _trackers(sam)
    assert locked != before
    assert SoundEffect.objects.filter(text="KA-BLAM!").exists()

    assert _undo(director, playing).status_code == 200  # the lock-in
    gamble.refresh_from_db()
    assert not gamble.locked
    assert gamble.success is None
    assert _trackers(sam)[0] == before[0]  # no Peril from the 1 yet
    assert _undo(director, playing).status_code == 200  # the Lucky Save
    gamble.refresh_from_db()
    assert gamble.dice == [1, 3]
    assert _undo(director, playing).status_code == 200  # the roll
    assert not Gamble.objects.exists()
    assert _trackers(sam) == before  # the Blammo! Die is back in Sam's pocket
    assert not SoundEffect.objects.exists()  # and the sound effect is free again
    with use_dice(LoadedDice([6, 2])):
        again = _roll(client, playing, sam, "request-0002", sound_effects=["ka blam"])
    assert again.status_code == 200
    assert SoundEffect.objects.get().text == "ka blam"


def test_each_undo_is_an_event_and_the_undone_ones_stay_struck_through(director, playing):
    sam = playing["sam"]
    director.post(
        playing["url"] + "peril/",
        {"character": sam.pk, "delta": 2, "reason": "environment", "detail": ""},
        headers=HTMX,
    )
    peril = TableEvent.objects.get(kind="peril")
    assert peril.summary.endswith("Sam Okafor: Peril +2 (now 2).")
    # The undo says what it does: the Peril taken back, never "(now 2)" as if it stood.
    panel = director.get(playing["url"] + "part/corrections/").content.decode()
    assert "Sam Okafor: Peril +2.</span>" in panel
    assert "Undo: Peril back to 0." in panel
    assert "(now 2)" not in panel
    assert _undo(director, playing).status_code == 200
    undo = TableEvent.objects.get(kind="undo")
    peril.refresh_from_db()
    assert peril.undone_by == undo
    assert undo.summary == (
        "Undone by the Director: Peril from the Director (the environment is unforgiving): "
        "Sam Okafor: Peril +2. "
        "Peril back to 0."
    )
    assert _trackers(sam)[0] == 0
    # Every page's log shows it struck out; the stream strikes it out where it shows.
    page = player_client(sam).get(playing["url"]).content.decode()
    assert f'id="event-{peril.pk}"' in page
    assert "event-undone" in page
    assert "Undone by the Director." in page
    row = live.log_row(undo)
    assert f'id="event-{peril.pk}" hx-swap-oob="true"' in row
    assert "<del" in row
    # The undo redraws what the undone move changed: the Cast's trackers and Sam's panel.
    assert {"cast", "gamble"} <= set(name.split("-")[0] for name, _ in _drawn(undo, playing))


def _drawn(event, playing):
    from sessions import parts
    from sessions.viewer import Viewer

    viewer = Viewer(playing["adventure"], user_id=playing["sam"].owner_id)
    return list(parts.drawn(viewer, parts.change([event])))


def test_undo_goes_back_newest_first_and_stops_at_the_start_of_the_scene(director, playing):
    sam, ada = playing["sam"], playing["ada"]
    for hero, delta in ((sam, 1), (ada, 2)):
        director.post(
            playing["url"] + "peril/",
            {"character": hero.pk, "delta": delta, "reason": "weird", "detail": ""},
            headers=HTMX,
        )
    assert (_trackers(sam)[0], _trackers(ada)[0]) == (1, 2)
    _undo(director, playing)
    assert (_trackers(sam)[0], _trackers(ada)[0]) == (1, 0)  # Ada's, the newest, first
    _undo(director, playing)
    assert (_trackers(sam)[0], _trackers(ada)[0]) == (0, 0)
    nothing = _undo(director, playing)
    assert nothing.status_code == 409
    assert "Nothing left to undo" in nothing.content.decode()
    # The Scene's start (and the Leg's Lucky Saves before it) are out of reach.
    assert TableEvent.objects.filter(kind="undo").count() == 2


def test_an_undo_offered_for_one_move_never_undoes_another(director, playing):
    """The Director's button names the move it takes back: if a player moved meanwhile,
    nothing is undone and the Director sees the table as it is now."""
    sam = playing["sam"]
    director.post(
        playing["url"] + "peril/",
        {"character": sam.pk, "delta": 1, "reason": "weird", "detail": ""},
        headers=HTMX,
    )
    offered = TableEvent.objects.get(kind="peril").pk
    with use_dice(LoadedDice([6])):
        _roll(player_client(sam), playing, sam)
    stale = _undo(director, playing, expected=offered)
    assert stale.status_code == 409
    assert Gamble.objects.exists()
    assert _trackers(sam)[0] == 1
    page = stale.content.decode()
    assert "Undo last move" in page  # the part, redrawn with the roll on offer
    assert "gambles" in page


def test_the_director_can_rewind_while_the_x_card_holds_the_table(director, playing):
    sam = playing["sam"]
    with use_dice(LoadedDice([6])):
        _roll(player_client(sam), playing, sam)
    player_client(playing["ada"]).post(playing["url"] + "x-card/", headers=HTMX)
    assert _undo(director, playing).status_code == 200
    assert not Gamble.objects.exists()
    panel = director.get(playing["url"] + "part/corrections/").content.decode()
    assert "Nothing to undo" in panel


def test_players_and_strangers_cannot_undo(client, playing, carol):
    sam = playing["sam"]
    with use_dice(LoadedDice([6])):
        _roll(player_client(sam), playing, sam)
    for who in (player_client(sam), player_client(playing["ada"])):
        assert who.post(playing["url"] + "undo/", headers=HTMX).status_code == 404
        assert who.get(playing["url"] + "part/corrections/").status_code == 404
    assert client.post(playing["url"] + "undo/").status_code in (302, 404)
    assert Gamble.objects.exists()


def test_a_knockout_in_a_tumult_is_undone_whole(director, playing):
    """The enemies' turn knocks Sam out in a Tumult: undoing it puts back his Peril, his
    Knockout, the Tumult's round state and who it counts as knocked out."""
    sam = playing["sam"]
    Danger.objects.all().delete()
    director.post(playing["url"] + "dangers/add/", {"name": "Brass Jack", "template": "villain"})
    jack = Danger.objects.get()
    director.post(playing["url"] + "dangers/reveal/", {"danger": jack.pk, "revealed": "1"})
    Character.objects.filter(pk=sam.pk).update(peril=2)
    director.post(playing["url"] + "tumult/start/")
    before, tumult_before = _trackers(sam), Tumult.objects.get()
    answer = director.post(
        playing["url"] + "tumult/enemies/", {f"split-{jack.pk}-{sam.pk}": 5}, headers=HTMX
    )
    assert answer.status_code == 200
    assert _trackers(sam)[3] == 1  # knocked out
    assert Tumult.objects.get().knocked_out == [sam.pk]
    _undo(director, playing)
    assert _trackers(sam) == before
    tumult = Tumult.objects.get()
    assert (tumult.phase, tumult.knocked_out, tumult.round) == (
        tumult_before.phase,
        [],
        tumult_before.round,
    )


def test_an_enemy_may_dole_out_less_than_its_rating_or_nothing(director, playing):
    sam, ada = playing["sam"], playing["ada"]
    Danger.objects.all().delete()
    director.post(playing["url"] + "dangers/add/", {"name": "Brass Jack", "template": "villain"})
    jack = Danger.objects.get()
    director.post(playing["url"] + "tumult/start/")
    less = director.post(
        playing["url"] + "tumult/enemies/", {f"split-{jack.pk}-{sam.pk}": 2}, headers=HTMX
    )
    assert less.status_code == 200
    assert (_trackers(sam)[0], _trackers(ada)[0]) == (2, 0)
    director.post(playing["url"] + "tumult/next/")
    spared = director.post(playing["url"] + "tumult/enemies/", {}, headers=HTMX)
    assert spared.status_code == 200
    assert "No Peril this time" in TableEvent.objects.filter(kind="enemies_turn").first().summary
    director.post(playing["url"] + "tumult/next/")
    more = director.post(
        playing["url"] + "tumult/enemies/",
        {f"split-{jack.pk}-{sam.pk}": 3, f"split-{jack.pk}-{ada.pk}": 3},
        headers=HTMX,
    )
    assert more.status_code == 409
    assert "5 at most" in more.content.decode()


def test_a_knocked_out_hero_takes_no_peril(director, playing):
    """Not from the Director's menu (which leaves them out), not from a hand-made request."""
    sam = playing["sam"]
    Character.objects.filter(pk=sam.pk).update(incapacitated=True, knockouts=1)
    panel = director.get(playing["url"] + "part/director/").content.decode()
    assert (
        f'<option value="{sam.pk}"'
        not in panel.split('id="peril_character"')[1].split("</select>")[0]
    )
    forged = director.post(
        playing["url"] + "peril/",
        {"character": sam.pk, "delta": 2, "reason": "weird", "detail": ""},
        headers=HTMX,
    )
    assert forged.status_code == 409
    assert _trackers(sam)[0] == 0


def test_dangers_added_in_play_can_be_changed_removed_and_put_back(director, playing):
    goon = {"name": "Goon", "template": "minion", "hidden": "on"}
    director.post(playing["url"] + "dangers/add/", goon)
    goon = Danger.objects.get(name="Goon")
    changed = director.post(
        playing["url"] + "dangers/change/",
        {"danger": goon.pk, "name": "Goon Boss", "success_threshold": 3, "danger_rating": 2},
        headers=HTMX,
    )
    assert changed.status_code == 200
    goon.refresh_from_db()
    assert (goon.name, goon.success_threshold, goon.danger_rating) == ("Goon Boss", 3, 2)
    # Hidden from the Cast: a move of the Director's alone (`UNSEEN`), with no name in it.
    assert TableEvent.objects.filter(kind="hidden_danger_edited").first().summary == (
        "The Director changes a hidden Danger."
    )
    bad = director.post(
        playing["url"] + "dangers/change/",
        {"danger": goon.pk, "name": "", "success_threshold": 0, "danger_rating": -1},
        headers=HTMX,
    )
    assert bad.status_code == 409
    goon.refresh_from_db()
    assert goon.name == "Goon Boss"
    removed = director.post(playing["url"] + "dangers/remove/", {"danger": goon.pk}, headers=HTMX)
    assert removed.status_code == 200
    assert not Danger.objects.filter(pk=goon.pk).exists()
    _undo(director, playing)  # the removal
    goon = Danger.objects.get(pk=goon.pk)
    assert (goon.name, goon.success_threshold, goon.scene_id) == (
        "Goon Boss",
        3,
        playing["adventure"].playing_scene().pk,
    )
    _undo(director, playing)  # the change
    goon.refresh_from_db()
    assert (goon.name, goon.success_threshold) == ("Goon", 1)


def test_a_prepared_danger_is_changed_but_not_removed_in_play(director, playing):
    dockhands = Danger.objects.get(key_location__isnull=False)
    refused = director.post(
        playing["url"] + "dangers/remove/", {"danger": dockhands.pk}, headers=HTMX
    )
    assert refused.status_code == 409
    assert "hide it instead" in refused.content.decode()
    assert Danger.objects.filter(pk=dockhands.pk).exists()
    changed = director.post(
        playing["url"] + "dangers/change/",
        {"danger": dockhands.pk, "name": "Dockhands", "success_threshold": 2, "danger_rating": 1},
        headers=HTMX,
    )
    assert changed.status_code == 200


def test_a_player_cannot_change_or_remove_a_danger(playing):
    director_client = player_client(playing["sam"])
    goon = Danger.objects.get()
    for url in ("dangers/change/", "dangers/remove/"):
        answer = director_client.post(
            playing["url"] + url,
            {"danger": goon.pk, "name": "x", "success_threshold": 1, "danger_rating": 1},
        )
        assert answer.status_code == 404
    assert Danger.objects.filter(pk=goon.pk).exists()


def test_the_journal_never_reaches_a_page_or_a_stream(director, playing):
    """A journal holds secrets (a hidden Danger's name, its numbers): it stays on the server."""
    goon = {"name": "Secret Goon", "template": "minion", "hidden": "on"}
    director.post(playing["url"] + "dangers/add/", goon)
    goon = Danger.objects.get(name="Secret Goon")
    director.post(
        playing["url"] + "dangers/change/",
        {"danger": goon.pk, "name": "Hush Goon", "success_threshold": 2, "danger_rating": 1},
        headers=HTMX,
    )
    event = TableEvent.objects.get(kind="hidden_danger_edited")
    assert "Hush Goon" in str(event.journal)
    sam = playing["sam"]
    page = player_client(sam).get(playing["url"]).content.decode()
    drawing = live.draw_event(event.pk)
    for text in (page, drawing.public.decode(), live.log_row(event)):
        assert "Goon" not in text


def _table_state() -> dict:
    """Every row a table action may change, as plain values (no last-changed stamps)."""
    from django.apps import apps

    from sessions.actions.journal import KEPT

    state = {}
    for label in (*KEPT, "table.SoundEffect"):
        model = apps.get_model(label)
        fields = [f.attname for f in model._meta.concrete_fields if not getattr(f, "auto_now", 0)]
        state[label] = list(model.objects.order_by("pk").values(*fields))
    return state


def test_a_scene_of_every_kind_of_move_undoes_back_to_its_start(playing):
    """Gambles (a Blammo! Die, a Catchphrase, a Lucky Save, a helper, a lock-in aimed at a
    Danger), a Group Gamble, an Investigation, a Wide Shot detail, a Rest, Dangers added,
    shown, hit, changed and removed, a Tumult with a Knockout: undone one by one, the table is
    exactly as the Scene began."""
    from sessions.actions import (
        corrections,
        dangers,
        gambles,
        groups,
        investigations,
        peril,
        rolled,
        tumults,
        wideshots,
    )
    from sessions.rules import DangerTemplate

    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    director = adventure.director
    start = _table_state()

    def ask(hero, **setup):
        fields = dict(
            intent="Leap!",
            knacks=[],
            equipment=[],
            sound_effects=[],
            advantages=0,
            helpers=[],
            penalties=0,
        )
        return gambles.GambleRequest(**(fields | setup))

    def gamble(hero, faces, request_id, **setup):
        made = gambles.roll_gamble(
            adventure, hero, ask(hero, **setup), request_id, hero.owner, LoadedDice(faces)
        )
        return Gamble.objects.get(pk=made.pk)

    wideshots.add_detail(adventure, ada, "A brass parrot on the desk", carol := ada.owner)
    goon = dangers.add_danger(adventure, "Goon", DangerTemplate.LIEUTENANT, director)
    dangers.reveal_danger(adventure, goon.pk, True, director)
    first = gamble(
        sam, [1, 2, 1], "every-0001", sound_effects=["WHAM!"], helpers=[ada], danger=goon
    )
    first = rolled.catchphrase_reroll(
        adventure, first.pk, first.step, sam.owner, LoadedDice([4, 1, 1])
    )
    first = rolled.spend_lucky_save(adventure, first.pk, 0, first.step, sam.owner)
    rolled.lock_in(adventure, first.pk, first.step, sam.owner)
    dangers.director_mark_success(adventure, goon.pk, director)
    dangers.edit_danger(adventure, goon.pk, "Goon Boss", 4, 2, director)
    groups.call_group_gamble(adventure, "Run for the boat!", director)
    for hero, faces, key in ((sam, [6], "every-0002"), (ada, [2], "every-0003")):
        made = gamble(hero, faces, key)
        rolled.lock_in(adventure, made.pk, made.step, hero.owner)
    investigations.ask_to_investigate(adventure, ada.pk, "The ledger", director)
    investigations.investigate(adventure, adventure.investigations.get().pk, carol, LoadedDice([5]))
    peril.rest(adventure, director, LoadedDice([1, 1]))
    tumults.start_tumult(adventure, director)
    tumults.act_without_gamble(adventure, ada, carol)
    tumults.enemies_turn(adventure, {goon.pk: {sam.pk: 2}}, director)
    peril.adjust_peril(adventure, ada.pk, 6, "the weird", director)  # a Knockout in a Tumult
    tumults.next_round(adventure, director)
    tumults.end_tumult(adventure, director)
    extra = dangers.add_danger(adventure, "Parrot", DangerTemplate.MINION, director)
    dangers.remove_danger(adventure, extra.pk, director)
    assert _table_state() != start

    undone = 0
    while (offered := next_to_undo(adventure.pk)) is not None:
        corrections.undo(adventure, offered.pk, director)
        undone += 1
    assert undone >= 20
    assert _table_state() == start
    assert not TableEvent.objects.filter(undone_by__isnull=True, journal__isnull=False).exists()


def test_an_undo_that_would_overwrite_a_later_change_is_refused_whole(director, playing):
    """If a row was changed since by something undo can't see, the undo changes nothing."""
    sam, ada = playing["sam"], playing["ada"]
    director.post(
        playing["url"] + "peril/",
        {"character": sam.pk, "delta": 2, "reason": "weird", "detail": ""},
        headers=HTMX,
    )
    Character.objects.filter(pk=sam.pk).update(peril=5)  # not through the table
    refused = _undo(director, playing)
    assert refused.status_code == 409
    assert "can&#x27;t be undone any more" in refused.content.decode()
    assert (_trackers(sam)[0], _trackers(ada)[0]) == (5, 0)
    assert not TableEvent.objects.filter(kind="undo").exists()


@pytest.mark.parametrize("event", [None, "", "latest", "-1", "1e3", "9" * 30])
def test_an_undo_that_names_no_move_undoes_nothing(director, playing, event):
    """A blind undo (no move named, or garbage) could take back a move the Director never saw:
    refused with the Corrections panel redrawn, the newest move still on offer."""
    sam = playing["sam"]
    director.post(
        playing["url"] + "peril/",
        {"character": sam.pk, "delta": 1, "reason": "weird", "detail": ""},
        headers=HTMX,
    )
    data = {} if event is None else {"event": event}
    refused = director.post(playing["url"] + "undo/", data, headers=HTMX)
    assert refused.status_code == 409
    page = refused.content.decode()
    assert "Say which move to undo" in page
    assert "Undo last move" in page  # the Corrections panel, the Peril still on offer
    assert _trackers(sam)[0] == 1
    assert not TableEvent.objects.filter(kind="undo").exists()
