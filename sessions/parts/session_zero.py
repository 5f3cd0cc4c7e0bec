"""Session zero as each screen draws it: a player's phone (their own marks, their heroes'
connections), the Director's (who is done with each step, the topics the table added, a
preview of the agreed Lines & Veils and the web of ties, and the buttons that move the table
on), the TV's (the topics and the safety tools; then the web of connections). No drawing holds
anyone's marks but the viewer's own: the table sees the agreed Lines & Veils alone."""

from characters.models import Relationship
from sessions.campaigns import settled_lines_veils
from sessions.forms.session_zero import AnswerForm, ConnectionForm, TopicForm
from sessions.models import SafetyNote, SessionZero
from sessions.models.prep import ZeroStep
from sessions.models.session_zero import COMMON_TOPICS, MOST_TOPICS
from sessions.parts.web import web
from sessions.rules.session_zero import FINE, LINE, VEIL, agreed
from sessions.viewer import Viewer

Step = ZeroStep
MARK_CHOICES = ((FINE, "Fine"), (VEIL, "Veil"), (LINE, "Line"))


def session_zero_context(viewer: Viewer) -> dict:
    adventure = viewer.adventure
    step = adventure.zero_step
    if adventure.is_finished or (step not in (Step.TONE, Step.CONNECTIONS) and not viewer.directs):
        return {"zero": None}  # read from the seat's row: nothing more to ask
    if step not in (Step.TONE, Step.CONNECTIONS):
        # The Director may open it before play starts: once a Leg has, it is no more offered.
        offer = not viewer.screen and viewer.scene is None and not adventure.has_begun()
        return {"zero": None, "zero_offer": offer, "zero_closed": step == Step.CLOSED}
    zero = SessionZero.objects.get(adventure=adventure)
    cast = viewer.cast
    ties = list(
        Relationship.objects.filter(character__in=cast, other__in=cast)
        .select_related("character", "other")
        .order_by("pk")
    )
    topics = list(zero.topics.all())
    players = {hero.owner_id for hero in cast}
    context = {
        "zero": zero,
        "zero_step": adventure.get_zero_step_display(),
        "zero_tone": step == Step.TONE,
        "zero_topics": topics,
        "zero_marked": len(set(zero.marked) & players),
        "zero_players": len(players),
        "zero_ties": ties,
        # Settled already (carried from the Campaign's last Adventure): shown, not asked again.
        "zero_settled": settled_lines_veils(adventure) if step == Step.TONE else None,
    }
    if viewer.screen:
        numbered = list(enumerate(ties, 1))
        context["zero_web"] = web(
            [(hero.pk, hero.name) for hero in cast],
            [(n, tie.character_id, tie.other_id) for n, tie in numbered],
        )
        # Every tie, whole: the TV pages them (screen.js) when they don't all fit at once.
        context["zero_listed"] = numbered
        context["zero_agreed"] = list(SafetyNote.objects.filter(adventure=adventure))
        context["zero_reopened"] = bool(zero.reopened)  # a topic came after some were done
        # A longer list, or long topics, in a smaller type: every topic stays whole on the TV.
        context["zero_topics_many"] = len(topics) > 10 or any(len(t.text) > 28 for t in topics)
    elif viewer.directs:
        context |= _director(zero, cast, ties, topics, players)
        if step == Step.CONNECTIONS:  # agreed: the table's list as it stands, without a name
            notes = SafetyNote.objects.filter(adventure=adventure).order_by("kind", "pk")
            context["zero_preview"] = [(note.kind, note.text) for note in notes]
    else:
        context |= _phone(viewer, zero, topics, ties)
    return context


def _director(zero: SessionZero, cast, ties, topics, players: set[int]) -> dict:
    """Who is done with each step (a player asked to mark a topic added after they were done
    says so), the topics added by the table, and the preview: the Lines & Veils the table would
    agree now (shown only once every player is done, so no change in it lines up with anyone
    finishing) and the web of ties, as the TV draws it."""
    done = [
        {
            "hero": hero,
            "marked": hero.owner_id in zero.marked,
            "reopened": hero.owner_id in zero.reopened,
            "tied": any(tie.character_id == hero.pk for tie in ties),
        }
        for hero in cast
    ]
    everyone = bool(players) and players <= set(zero.marked)
    texts = {topic.pk: topic.text for topic in topics}
    preview = None
    if everyone:
        table = agreed({int(k): v for k, v in b.items()} for b in zero.ballots.values())
        preview = [
            (kind, texts[topic])
            for topic, kind in sorted(table.items(), key=lambda item: (item[1], item[0]))
            if topic in texts
        ]
    numbered = list(enumerate(ties, 1))
    return {
        "zero_done": done,
        "zero_everyone_marked": everyone,
        "zero_preview": preview,
        "zero_added": [t for t in topics if t.text not in COMMON_TOPICS],
        "zero_numbered": numbered,
        "zero_web": web(
            [(hero.pk, hero.name) for hero in cast],
            [(n, tie.character_id, tie.other_id) for n, tie in numbered],
        )
        if ties
        else None,
    }


def _phone(viewer: Viewer, zero: SessionZero, topics, ties) -> dict:
    own = zero.ballot_of(viewer.user_id) if viewer.adventure.zero_step == Step.TONE else {}
    heroes = []
    for hero in viewer.characters:
        made = [tie for tie in ties if tie.character_id == hero.pk]
        # A hero ties themselves to each other hero once: those tied already aren't offered.
        tied = {tie.other_id for tie in made}
        others = [c for c in viewer.cast if c.pk != hero.pk and c.pk not in tied]
        heroes.append(
            {
                "hero": hero,
                "made": made,
                "untied": bool(others),
                "to_them": [tie for tie in ties if tie.other_id == hero.pk],
                "form": ConnectionForm(others=others, auto_id=f"tie-{hero.pk}-%s"),
                "answer_form": AnswerForm(auto_id=False),
            }
        )
    marks = [(topic, own.get(str(topic.pk))) for topic in topics]
    reopened = viewer.user_id in zero.reopened
    return {
        "zero_marks": marks,
        "zero_unmarked": [topic for topic, mark in marks if mark is None],
        # "Everything is fine" would wipe a Veil or a Line already saved: offered only without.
        "zero_offer_all_fine": not any(mark in (VEIL, LINE) for _topic, mark in marks),
        "zero_reopened": reopened,
        "zero_mark_choices": MARK_CHOICES,
        "zero_i_marked": viewer.user_id in zero.marked,
        "zero_topic_form": TopicForm(auto_id="zero-topic-%s")
        if len(topics) < MOST_TOPICS
        else None,
        "zero_heroes": heroes,
    }
