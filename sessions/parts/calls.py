"""What asks for a player right now (issue 24 item 8): their hero's turn in a Tumult, a Group
Gamble or an Investigation waiting on their roll, a Wide Shot waiting on what they see (issue
34 item 6), a handout on show, the Director rolling for their hero. The phone's banner names
each and links to the part where it is answered; the page's title says it too. Above them, in
a Tumult's enemies' turn, the Peril the enemies just dealt the player's heroes; as a Rest is
told, what it did for them."""

from sessions import rules as R
from sessions.models import TableEvent
from sessions.viewer import Viewer


def calls_context(viewer: Viewer) -> dict:
    if viewer.directs or viewer.screen or not viewer.characters:
        return {"calls": []}
    calls = []
    tumult = viewer.tumult
    struck = _struck(viewer, tumult)
    if tumult is not None:
        to_act = R.still_to_act(tumult.state, [c.pk for c in viewer.fighters()])
        calls += [
            {"text": f"{hero.name}: your turn in the Tumult", "target": "tumult-moves-panel"}
            for hero in viewer.characters
            if hero.pk in to_act
        ]
    group = viewer.group
    for hero in viewer.characters:
        rolling = viewer.open_gamble(hero)
        if rolling is not None and rolling.by_director:
            calls.append(
                {
                    "text": f"{hero.name}: the Director is rolling for you",
                    "target": f"gamble-{hero.pk}",
                }
            )
        if group and R.counts_toward_group(hero.pk, group.participants, viewer.group_gambled):
            calls.append(
                {"text": f"{hero.name}: roll for the Group Gamble", "target": f"gamble-{hero.pk}"}
            )
        if any(asked.character_id == hero.pk for asked in viewer.open_investigations):
            calls.append(
                {
                    "text": f"{hero.name}: the Director asks you to investigate",
                    "target": f"gamble-{hero.pk}",
                }
            )
    board = viewer.board if viewer.scene is not None else None
    if board is not None and not board.locked and not viewer.adventure.is_finished:
        seen = {detail.character_id for detail in board.details.all()}
        calls += [
            # The link lands in the hero's own field ("What does Ada see?"), ready to type.
            {"text": f"Wide Shot: what does {hero.name} see?", "target": f"ws{hero.pk}_text"}
            for hero in viewer.characters
            if hero.pk not in seen and not hero.incapacitated
        ]
    on_show = next((h for h in viewer.handouts if h.is_revealed and h.on_show), None)
    if on_show is not None:
        calls.append(
            {"text": f"A handout is on show: {on_show.caption}", "target": "handouts-panel"}
        )
    return {"calls": calls, "struck": struck, "rested": _rested(viewer)}


def _rested(viewer: Viewer) -> list[str]:
    """What the Rest being told did for the viewer's heroes, in the log's words (live: the
    next move that redraws the calls puts it away; the log keeps it)."""
    event = viewer.drawing
    if event is None or event.kind != "rest":
        return []
    mine = {hero.pk for hero in viewer.characters}
    rested = event.data.get("rested", [])
    return [r["line"] for r in rested if r.get("hero") in mine and r.get("line")]


def _struck(viewer: Viewer, tumult) -> list[str]:
    """The Peril the enemies just dealt the viewer's heroes, in the log's words, while it is
    still the enemies' turn of the Tumult (the next round puts it away)."""
    if tumult is None or tumult.players_turn:
        return []
    event = viewer.drawing
    if event is None or event.kind != "enemies_turn":
        event = (
            TableEvent.objects.filter(
                adventure=viewer.adventure, kind="enemies_turn", undone_by__isnull=True
            )
            .only("data")
            .first()
        )
    mine = {hero.pk for hero in viewer.characters}
    return [
        hit["line"]
        for hit in (event.data.get("struck", []) if event else [])
        if hit["hero"] in mine
    ]
