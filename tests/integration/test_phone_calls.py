"""What asks for a player, in the banner at the top of their phone (issue 24 item 8), the Wide
Shot's "What does Ada see?" among them (issue 34 item 6)."""

import pytest

from sessions.actions import dangers, groups, investigations
from sessions.models import TableEvent
from sessions.parts.calls import calls_context
from sessions.viewer import Viewer
from tests.conftest import player_client

pytestmark = pytest.mark.django_db


def _calls(playing, hero, *, wide_shot: bool = False) -> list[str]:
    """The texts of the calls on ``hero``'s player's phone; the Wide Shot's (the Scene under
    way opened one) left out unless asked for."""
    viewer = Viewer(playing["adventure"], hero.owner_id, False)
    texts = [call["text"] for call in calls_context(viewer)["calls"]]
    return [text for text in texts if wide_shot or not text.startswith("Wide Shot:")]


def test_the_wide_shot_calls_each_hero_until_they_add_what_they_see(playing):
    from sessions.actions import wideshots
    from sessions.parts import change

    sam, ada = playing["sam"], playing["ada"]
    assert _calls(playing, sam, wide_shot=True) == ["Wide Shot: what does Sam Okafor see?"]
    viewer = Viewer(playing["adventure"], sam.owner_id, False)
    (call,) = calls_context(viewer)["calls"]
    assert call["target"] == f"ws{sam.pk}_text"  # the link lands in Sam's own field
    page = player_client(sam).get(playing["url"]).content.decode()
    assert f'href="#ws{sam.pk}_text"' in page
    assert f'id="ws{sam.pk}_text"' in page

    wideshots.add_detail(playing["adventure"], sam, "A wet footprint", sam.owner)
    assert _calls(playing, sam, wide_shot=True) == []
    assert _calls(playing, ada, wide_shot=True) == ["Wide Shot: what does Ada see?"]
    # A detail redraws the calls on every phone (the live stream's part).
    assert "calls" in change(TableEvent.objects.order_by("-pk")[:1]).names
    wideshots.lock(playing["adventure"], True, None)
    assert _calls(playing, ada, wide_shot=True) == []  # a locked board asks nobody
    assert "calls" in change(TableEvent.objects.order_by("-pk")[:1]).names


def test_an_investigation_calls_only_its_heros_player(playing):
    investigations.ask_to_investigate(playing["adventure"], playing["sam"].pk, "the ledger", None)
    assert _calls(playing, playing["sam"]) == ["Sam Okafor: the Director asks you to investigate"]
    assert _calls(playing, playing["ada"]) == []
    page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert 'href="#gamble-' in page
    assert "the Director asks you to investigate" in page


def test_a_group_gamble_calls_everyone_still_to_roll(playing):
    groups.call_group_gamble(playing["adventure"], "Outrun the flood", None)
    assert _calls(playing, playing["sam"]) == ["Sam Okafor: roll for the Group Gamble"]
    assert _calls(playing, playing["ada"]) == ["Ada: roll for the Group Gamble"]
    event = TableEvent.objects.first()
    assert "group" in event.topics


def test_the_director_and_the_tv_get_no_calls(playing):
    investigations.ask_to_investigate(playing["adventure"], playing["sam"].pk, "the ledger", None)
    adventure = playing["adventure"]
    assert calls_context(Viewer(adventure, adventure.director_id, True))["calls"] == []
    assert calls_context(Viewer(adventure, None, screen=True))["calls"] == []


def test_a_tumult_calls_each_hero_still_to_act_until_they_have(playing):
    from sessions.actions import tumults

    tumults.start_tumult(playing["adventure"], None)
    assert _calls(playing, playing["sam"]) == ["Sam Okafor: your turn in the Tumult"]
    tumults.act_without_gamble(playing["adventure"], playing["sam"], None)
    assert _calls(playing, playing["sam"]) == []
    assert _calls(playing, playing["ada"]) == ["Ada: your turn in the Tumult"]


def _waiting(playing, hero) -> str:
    viewer = Viewer(playing["adventure"], hero.owner_id, False)
    waiting = calls_context(viewer)["waiting"]
    return f"{waiting['title']}. {waiting['line']}" if waiting else ""


def test_a_tumult_tells_a_player_with_no_hero_to_act_whose_turn_it_is(playing):
    """The SRD's round: the players act first, each once; once all have, the Director tells
    what the enemies do; then the next round. A player with no hero to act reads where it
    stands, and that theirs comes next (a fresh-eyes phone: no word in the enemies' turn)."""
    from sessions.actions import tumults
    from sessions.models import Danger
    from sessions.rules import DangerTemplate

    adventure, sam, ada = playing["adventure"], playing["sam"], playing["ada"]
    Danger.objects.all().delete()
    croc = dangers.add_danger(adventure, "Cistern Crocodile", DangerTemplate.LIEUTENANT, None)
    dangers.add_danger(adventure, "A shape in the dark", DangerTemplate.MINION, None)
    Danger.objects.filter(pk=croc.pk).update(revealed=True)
    assert _waiting(playing, sam) == ""
    tumults.start_tumult(adventure, None)
    assert _waiting(playing, sam) == ""  # their turn: the call says so
    tumults.act_without_gamble(adventure, sam, None)
    assert _waiting(playing, sam) == (
        "You have acted this round. Still to act: Ada. Then the enemies act, and your turn "
        "comes in the next round."
    )
    assert _waiting(playing, ada) == ""
    tumults.act_without_gamble(adventure, ada, None)
    # The hidden foe is never named.
    enemies = (
        "The enemies act. The Director is telling what Cistern Crocodile does. Your turn comes "
        "in the next round."
    )
    assert _waiting(playing, sam) == _waiting(playing, ada) == enemies
    tumults.enemies_turn(adventure, {}, None)
    assert _waiting(playing, sam).startswith("The enemies have acted. The next round starts")
    tumults.next_round(adventure, None)
    assert _waiting(playing, sam) == ""


def test_a_handout_on_show_calls_everyone_until_it_is_put_away(playing):
    from sessions.actions import handouts
    from sessions.models import Handout

    map_ = Handout.objects.create(
        adventure=playing["adventure"], caption="The map", display="d.jpg", thumb="t.jpg"
    )
    handouts.reveal(playing["adventure"], map_.pk, None)
    for hero in (playing["sam"], playing["ada"]):
        assert _calls(playing, hero) == ["Handout: The map"]
    handouts.put_away(playing["adventure"], None)
    assert _calls(playing, playing["sam"]) == []


def test_the_handout_on_show_comes_with_its_picture_and_no_other_does(playing):
    """The handout on show brings its picture to the phone's banner (its thumbnail, a link to
    the whole picture to zoom); one put away takes it along; a handout still secret, or only
    in the Cast's list, never comes to the banner, on the page or down the stream."""
    from sessions import live
    from sessions.actions import handouts
    from sessions.models import Handout
    from tests.streams import streamed

    adventure = playing["adventure"]
    made = {
        caption: Handout.objects.create(
            adventure=adventure,
            caption=caption,
            display=f"{key}-big.jpg",
            thumb=f"{key}-small.jpg",
            width=640,
            height=480,
        )
        for key, caption in (
            ("map", "The map"),
            ("old", "An old bill"),
            ("zedsecret", "Zed's secret plan"),
        )
    }
    handouts.reveal(adventure, made["An old bill"].pk, None)
    handouts.reveal(adventure, made["The map"].pk, None)  # the bill stays in the Cast's list
    the_map = made["The map"]
    page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    calls = page.split("data-calls", 1)[1].split("</nav>", 1)[0]
    assert calls.count('class="call-thumb"') == 1
    assert f'href="/pictures/handouts/{the_map.pk}/map-big.jpg" data-zoom' in calls
    assert f'src="/pictures/handouts/{the_map.pk}/map-small.jpg"' in calls
    assert 'aria-label="Full screen: The map"' in calls
    assert "old-small.jpg" not in calls

    handouts.put_away(adventure, None)
    listener = live.Listener(adventure.pk, playing["sam"].owner_id)
    heard = streamed(adventure, [listener])
    page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    assert 'class="call-thumb"' not in page
    assert 'class="call-thumb"' not in heard[f"snapshot {listener.audience}"]
    for where, text in (heard | {"page": page}).items():
        assert not [m for m in ("zedsecret", "Zed's", "Zed&#x27;s") if m in text], where
