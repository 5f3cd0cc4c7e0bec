"""When a Gamble goes wrong, the Director (and only the Director) gets three consequence
prompts: drawn again with "Another", put in their notes with "Use this", joined by their own
prompts, hidden if they'd rather not."""

import html
import re

import pytest

from characters.models import Equipment
from sessions import live
from sessions.models import Adventure, PromptDeck, TableEvent, next_to_undo
from sessions.parts.drawing import change
from sessions.rules import LoadedDice, use_dice
from tests.conftest import HTMX, player_client
from tests.gambles import gamble_form
from tests.integration.test_live_stream import _seats

pytestmark = pytest.mark.django_db

MARKER = "DIRECTORS-EYES-ONLY"


def _blunder(playing, hero="sam", faces=(2,)):
    """``hero`` rolls and locks in a blunder."""
    character = playing[hero]
    client = player_client(character)
    with use_dice(LoadedDice(list(faces))):
        client.post(playing["url"] + f"roll/{character.pk}/", gamble_form(f"oops-{hero}-01"))
    gamble = character.gambles.get()
    client.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    return TableEvent.objects.get(kind="gamble_locked")


def _prompts(html: str) -> list[str]:
    return re.findall(r'<strong class="prompt-move">([^<]*)</strong>', html)


def _panel(director, playing) -> str:
    return director.get(playing["url"] + "part/consequences/").content.decode()


def test_a_blunder_brings_three_prompts_to_the_director_only(director, playing):
    Equipment.objects.create(character=playing["sam"], text="a brass compass")
    assert _prompts(_panel(director, playing)) == []
    event = _blunder(playing)
    panel = _panel(director, playing)
    moves = _prompts(panel)
    assert len(moves) == 3
    for weight in ("A nuisance", "Real trouble", "A disaster"):
        assert weight in panel
    assert "A blunder for Sam Okafor." in panel
    # The player, the screen and their streams never see them, nor the Director's notes.
    Adventure.objects.filter(pk=playing["adventure"].pk).update(
        table_notes=f"Pillai lies {MARKER}-tablenotes"
    )
    PromptDeck.objects.create(
        director=playing["adventure"].director,
        own=[{"weight": "trouble", "move": f"Spring it {MARKER}-own", "example": ""}],
    )
    sam_page = player_client(playing["sam"]).get(playing["url"]).content.decode()
    seats = _seats(playing)
    drawing = live.draw_event(event.pk)
    for text in (sam_page, drawing.public.decode()):
        assert "When it goes wrong" not in text
        assert MARKER not in text
        assert not any(move in text for move in moves)
    director_stream = live.draw_own(drawing, {"d": seats["director"]})["d"].decode()
    assert "event: consequences" in director_stream
    for listener in seats.values():
        if listener.directs:
            continue
        own = live.own_drawing(event, listener, drawing.table)
        snap = live.snapshot(listener, Adventure.objects.get())[0]
        for text in (own, snap):
            assert "When it goes wrong" not in text
            assert MARKER not in text
            assert not any(move in text for move in moves)


def test_the_prompts_stay_put_until_another_is_asked_for(director, playing):
    event = _blunder(playing)
    first = _prompts(_panel(director, playing))
    assert _prompts(_panel(director, playing)) == first  # a redraw keeps them
    answer = director.post(
        playing["url"] + "consequences/another/", {"event": event.pk}, headers=HTMX
    )
    assert answer.status_code == 200
    second = _prompts(answer.content.decode())
    assert len(second) == 3
    assert all(a != b for a, b in zip(first, second, strict=True))
    assert _prompts(_panel(director, playing)) == second
    # Put away: gone until the next moment.
    director.post(playing["url"] + "consequences/done/", {"event": event.pk}, headers=HTMX)
    assert _prompts(_panel(director, playing)) == []


def test_use_this_puts_the_prompt_in_the_directors_notes(director, playing):
    _blunder(playing)
    panel = _panel(director, playing)
    note = html.unescape(re.search(r'name="note" value="([^"]*)"', panel).group(1))
    answer = director.post(playing["url"] + "notes/add/", {"note": note}, headers=HTMX)
    assert answer.status_code == 200
    assert "Your notes" in answer.content.decode()
    adventure = Adventure.objects.get()
    assert adventure.table_notes.endswith(f"\n• {note}")
    assert (
        TableEvent.objects.filter(kind="gamble_locked").count()
        == TableEvent.objects.filter(kind__in=["gamble_locked"]).count()
    )  # nothing new in the log
    assert not TableEvent.objects.filter(summary__contains=note[:20]).exists()
    saved = director.post(playing["url"] + "notes/", {"table_notes": "Pillai lies."}, headers=HTMX)
    assert saved.status_code == 200
    assert Adventure.objects.get().table_notes == "Pillai lies."


def test_a_directors_own_prompts_join_the_draw(director, playing):
    answer = director.post(
        playing["url"] + "prompts/add/",
        {"weight": "nuisance", "move": "Release the pigeons", "example": "Coo, everywhere."},
        headers=HTMX,
    )
    assert answer.status_code == 200
    assert "Release the pigeons" in answer.content.decode()
    bad = director.post(
        playing["url"] + "prompts/add/", {"weight": "apocalypse", "move": ""}, headers=HTMX
    )
    assert bad.status_code == 409
    event = _blunder(playing)
    seen = set(_prompts(_panel(director, playing)))
    for _ in range(20):
        answer = director.post(
            playing["url"] + "consequences/another/", {"event": event.pk}, headers=HTMX
        )
        seen |= set(_prompts(answer.content.decode()))
    assert "Release the pigeons" in seen
    removed = director.post(playing["url"] + "prompts/remove/", {"prompt": 0}, headers=HTMX)
    assert removed.status_code == 200
    assert PromptDeck.objects.get().own == []


def test_hidden_prompts_stay_hidden(director, playing):
    director.post(playing["url"] + "consequences/shown/", {"hidden": "1"}, headers=HTMX)
    _blunder(playing)
    panel = _panel(director, playing)
    assert _prompts(panel) == []
    assert "Show consequence prompts" in panel
    assert "Show consequence prompts" in director.get(playing["url"]).content.decode()
    director.post(playing["url"] + "consequences/shown/", {"hidden": "0"}, headers=HTMX)
    assert len(_prompts(_panel(director, playing))) == 3


def test_a_knockout_and_a_failed_group_gamble_are_moments_too(director, playing):
    director.post(
        playing["url"] + "peril/",
        {"character": playing["ada"].pk, "delta": 6, "reason": "weird", "detail": ""},
        headers=HTMX,
    )
    assert "A Knockout!" in _panel(director, playing)
    director.post(playing["url"] + "group/", {"text": "Outrun the flood"}, headers=HTMX)
    director.post(playing["url"] + "group/close/", headers=HTMX)
    assert "The Group Gamble failed." in _panel(director, playing)


def test_an_undone_blunder_takes_its_prompts_with_it(director, playing):
    _blunder(playing)
    assert len(_prompts(_panel(director, playing))) == 3
    director.post(playing["url"] + "undo/", _newest(playing), headers=HTMX)
    assert _prompts(_panel(director, playing)) == []


def test_players_cannot_reach_the_directors_aids(playing):
    sam = player_client(playing["sam"])
    for path, data in (
        ("consequences/another/", {"event": 1}),
        ("consequences/done/", {"event": 1}),
        ("consequences/shown/", {"hidden": "1"}),
        ("prompts/add/", {"weight": "nuisance", "move": "x"}),
        ("prompts/remove/", {"prompt": 0}),
        ("notes/", {"table_notes": "mine now"}),
        ("notes/add/", {"note": "mine now"}),
    ):
        assert sam.post(playing["url"] + path, data, headers=HTMX).status_code == 404
    for name in ("consequences", "director-notes", "own-prompts"):
        assert sam.get(playing["url"] + f"part/{name}/").status_code == 404
    assert "mine now" not in Adventure.objects.get().table_notes
    assert not PromptDeck.objects.exists()


def test_the_director_tells_the_table_a_line_of_their_choosing(director, playing):
    answer = director.post(
        playing["url"] + "narrate/", {"note": "The floor gives way!"}, headers=HTMX
    )
    assert answer.status_code == 200
    event = TableEvent.objects.get(kind="narration")
    assert event.summary == "The Director: The floor gives way!"
    assert (
        "The floor gives way!" in player_client(playing["sam"]).get(playing["url"]).content.decode()
    )
    assert (
        player_client(playing["sam"])
        .post(playing["url"] + "narrate/", {"note": "Me too"}, headers=HTMX)
        .status_code
        == 404
    )
    assert director.post(playing["url"] + "narrate/", {"note": ""}, headers=HTMX).status_code == 409
    # A line can be taken back.
    director.post(playing["url"] + "undo/", _newest(playing), headers=HTMX)
    event.refresh_from_db()
    assert event.undone_by is not None


def _newest(playing) -> dict:
    """What the Director's Undo button sends: the move it offers to take back."""
    return {"event": next_to_undo(playing["adventure"].pk).pk}


def test_a_used_prompt_stays_used_after_a_reload(director, playing):
    event = _blunder(playing)
    panel = _panel(director, playing)
    note = html.unescape(re.search(r'name="note" value="([^"]*)"', panel).group(1))
    assert f'name="event" value="{event.pk}"' in panel
    answer = director.post(
        playing["url"] + "notes/add/", {"note": note, "event": event.pk}, headers=HTMX
    )
    assert answer.status_code == 200
    again = _panel(director, playing)  # the page drawn afresh
    assert again.count("In your notes.") == 1
    assert again.count(">Use this</button>") == 2
    assert "Send this line to every screen" in again
    # Another draw brings three fresh ones, none used.
    director.post(playing["url"] + "consequences/another/", {"event": event.pk}, headers=HTMX)
    assert "In your notes." not in _panel(director, playing)


def test_a_tumults_knockout_prompts_go_when_the_tumult_ends(director, playing):
    director.post(playing["url"] + "tumult/start/", headers=HTMX)
    director.post(
        playing["url"] + "peril/",
        {"character": playing["ada"].pk, "delta": 6, "reason": "weird", "detail": ""},
        headers=HTMX,
    )
    assert "A Knockout!" in _panel(director, playing)
    director.post(playing["url"] + "tumult/end/", {"confirm": "yes"}, headers=HTMX)
    panel = _panel(director, playing)
    assert _prompts(panel) == []
    assert "A Knockout!" not in panel
    # What goes wrong after the fight brings prompts again.
    _blunder(playing)
    assert len(_prompts(_panel(director, playing))) == 3


def test_a_blunders_prompts_fold_away_once_a_later_gamble_settles(director, playing):
    """A fresh-eyes evening: a blunder's prompts stayed up for moves after moves. They belong to
    their Gamble: once a later one settles they fold under "Earlier prompts"; a new blunder
    brings its own, open, and the newest is the one shown."""
    _blunder(playing)
    panel = _panel(director, playing)
    assert len(_prompts(panel)) == 3
    assert "Earlier prompts" not in panel

    ada = playing["ada"]
    client = player_client(ada)
    with use_dice(LoadedDice([6, 6, 6, 6, 6])):
        client.post(playing["url"] + f"roll/{ada.pk}/", gamble_form("fine-ada-0001"))
    gamble = ada.gambles.get()
    client.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    success = TableEvent.objects.get(kind="gamble_locked", data__success=True)
    # Live too: the success redraws the Director's prompts (and the pointer to them goes).
    assert "consequences" in change([success]).names

    panel = html.unescape(_panel(director, playing))
    assert '<details class="earlier-prompts"' in panel
    assert "<summary>Earlier prompts" in panel
    assert "A blunder for Sam Okafor." in panel  # still there, a tap away
    # The table's pointer to the prompts reads only while they are open (site.css).
    page = director.get(playing["url"]).content.decode()
    assert 'class="earlier-prompts"' in page

    # Ada's next roll goes wrong: its prompts are the newest, open again.
    with use_dice(LoadedDice([1, 2, 2, 2, 2])):
        client.post(playing["url"] + f"roll/{ada.pk}/", gamble_form("oops-ada-0002"))
    gamble = ada.gambles.order_by("-pk").first()
    client.post(playing["url"] + f"gambles/{gamble.pk}/lock/", {"step": gamble.step})
    panel = html.unescape(_panel(director, playing))
    assert "Earlier prompts" not in panel
    assert "A blunder for Ada." in panel
