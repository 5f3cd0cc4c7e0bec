"""Finding what the players haven't been told yet in a line: the table's secrets as terms
(names matched as whole words, passages as whole sentences), and what the Cast knows."""

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Exists, OuterRef, Q

from sessions.hidden.naming import ARTICLE, ORDINARY, naming, place_naming
from sessions.lexicon import TITLES
from sessions.models import Adventure, Danger, KeyLocation, Leg, Scene
from sessions.parts.crib import line_key, lines_of

# What each kind of secret is called in the warning, and the word left in its place when the
# Director posts the line without it.
KINDS = {
    "danger": ("a hidden Danger", "something"),
    "place": ("a Key Location they haven't visited", "somewhere"),
    "npc": ("an NPC they haven't met", "someone"),
    "villain": ("the villain", "someone"),
    "plan": ("the villain's plan", "…"),
    "clue": ("a clue not yet posted", "…"),
    "notes": ("your notes", "…"),
}

SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n")
PASSAGE_WORDS = 3  # a passage shorter than this is ordinary talk, not the secret itself


@dataclass
class Hidden:
    """One secret found in a line: ``key`` names it in the Director's choices."""

    key: str
    kind: str
    name: str
    spans: list[tuple[int, int]] = field(default_factory=list)
    # The hidden Dangers of the Scene in play by that name: revealing them tells it fairly.
    danger_ids: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        return KINDS[self.kind][0]

    @property
    def stand_in(self) -> str:
        """The plain word in its place: "someone" for a titled name ("Professor Ilsa Voss"),
        even where only "Voss" was said."""
        word = KINDS[self.kind][1]
        first = ARTICLE.sub("", self.name).split()[:1]
        titled = bool(first) and first[0].rstrip(".").lower() in TITLES
        return "someone" if word == "something" and titled else word

    @property
    def revealable(self) -> bool:
        return bool(self.danger_ids)

    @property
    def choices(self) -> tuple[str, ...]:
        """What the Director may do with it: reveal a Danger of the Scene (it can't be named
        and stay hidden), or say anything else as it is; or leave it out."""
        return ("reveal", "out") if self.revealable else ("say", "out")


@dataclass(frozen=True)
class _Term:
    key: str
    kind: str
    name: str
    pattern: re.Pattern
    danger_ids: tuple[int, ...] = ()


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.lower())


def _pattern(text: str) -> re.Pattern:
    parts = [re.escape(part) for part in text.split()]
    return re.compile(r"(?<!\w)" + r"\s+".join(parts) + r"(?!\w)", re.IGNORECASE)


def _name_term(
    kind: str, name: str, danger_ids=(), known: Iterable[str] | None = None
) -> _Term | None:
    """A name as a term to look for: without a leading article, never an ordinary word. With
    ``known`` (the names the players have been told), by any part of it that names it alone
    (`naming`): "Voss" for "Professor Ilsa Voss"; a place by a word of it written as a name
    (`place_naming`): "Ashgrove" of "The Ashgrove Mansion"; else only whole."""
    name = " ".join(name.split())
    bare = ARTICLE.sub("", name)
    words = _words(bare)
    if not words or all(w in ORDINARY for w in words) or len(bare) < 3:
        return None
    digest = hashlib.sha256(f"{kind}:{bare.lower()}".encode()).hexdigest()[:10]
    if known is None:
        pattern = _pattern(bare)
    else:
        pattern = (place_naming if kind == "place" else naming)(name, known)
    return _Term(f"{kind}-{digest}", kind, name, pattern, tuple(danger_ids))


def _passage_terms(kind: str, text: str, key: str = "") -> list[_Term]:
    """A passage as the sentences in it worth matching; ``key`` names it whole (a clue)."""
    terms = []
    for sentence in SENTENCE.split(text):
        sentence = sentence.strip().lstrip("-•*").strip().rstrip(".!?;:,").strip()
        if len(_words(sentence)) < PASSAGE_WORDS:
            continue
        digest = hashlib.sha256(f"{kind}:{sentence.lower()}".encode()).hexdigest()[:10]
        terms.append(_Term(key or f"{kind}-{digest}", kind, sentence, _pattern(sentence)))
    return terms


def _secrets(adventure: Adventure, skip: Iterable[str]) -> tuple[list[_Term], list[re.Pattern]]:
    """What is hidden at this table (as terms), and what the Cast knows (as patterns)."""
    scene = adventure.playing_scene()
    in_scene = {d.pk for d in scene.dangers_in_play()} if scene else set()
    dangers = _dangers(adventure)
    places = _places(adventure)
    seen = _seen(dangers, places)
    known = _known(adventure, dangers, places, seen)
    known_lower = {_lowered(name) for name in known}
    villain = adventure.villain if _lowered(adventure.villain) not in known_lower else ""
    danger_terms = [t for t in _hidden_danger_names(dangers, seen, in_scene, known) if t]
    terms = [  # in this order: where two find the same words, the first one counts
        # A Danger here can be revealed; elsewhere, a word it shares with the villain's name
        # or a place's ("Ashgrove") is theirs, as the Director meant it.
        *(t for t in danger_terms if t.danger_ids),
        _name_term("villain", villain, known=known),
        *_place_terms(places, known),
        *(t for t in danger_terms if not t.danger_ids),
        *(t for danger in dangers for t in _passage_terms("notes", danger.notes)),
        *(t for leg in adventure.legs.all() for t in _unused_clues(leg, leg.clues, "clue")),
        *_plan_terms(adventure),
    ]
    skip = set(skip)
    kept = [t for t in terms if t is not None and t.key not in skip]
    return kept, [_pattern(name) for name in known if _words(name)]


def _dangers(adventure: Adventure) -> list[Danger]:
    return list(
        Danger.objects.filter(
            Q(key_location__leg__adventure=adventure) | Q(scene__leg__adventure=adventure)
        ).only("pk", "name", "notes", "revealed", "key_location_id", "scene_id")
    )


def _places(adventure: Adventure) -> list[KeyLocation]:
    been = Scene.objects.filter(
        key_location=OuterRef("pk"), status__in=(Scene.Status.PLAYING, Scene.Status.DONE)
    )
    return list(
        KeyLocation.objects.filter(leg__adventure=adventure)
        .select_related("leg")
        .annotate(visited=Exists(been))
    )


def _seen(dangers: list[Danger], places: list[KeyLocation]) -> set[int]:
    """The Dangers the players have seen: in sight, added in play or at a place they've been.
    One in sight at a Key Location not yet visited waits there unseen ("The Hound of the
    Ashgrove Estate" tells nobody of the Ashgrove Mansion till the Cast gets there)."""
    visited = {p.pk for p in places if p.visited}
    return {d.pk for d in dangers if d.revealed and (d.scene_id or d.key_location_id in visited)}


def _known(
    adventure: Adventure,
    dangers: list[Danger],
    places: list[KeyLocation],
    seen: set[int],
) -> list[str]:
    """The names the players know: the Cast's, the Dangers they've seen (``seen``), the places
    they've been."""
    known = [c.name for c in adventure.cast_characters()]
    known += [d.name for d in dangers if d.pk in seen]
    return known + [p.name for p in places if p.visited]


def _lowered(name: str) -> str:
    return " ".join(name.lower().split())


def _hidden_danger_names(
    dangers: list[Danger], seen: set[int], in_scene: set[int], known: list[str]
) -> list[_Term | None]:
    """The names of the Dangers not ``seen``: one term a name, unless a Danger in view shares
    it, with the ids of those in this Scene."""
    known_lower = {_lowered(name) for name in known}
    hidden_names: dict[str, list[Danger]] = {}
    for danger in dangers:
        if danger.pk not in seen:
            hidden_names.setdefault(_lowered(danger.name), []).append(danger)
    return [
        _name_term("danger", same[0].name, [d.pk for d in same if d.pk in in_scene], known)
        for lowered, same in hidden_names.items()
        if lowered not in known_lower  # another Danger by that name is in view
    ]


def _place_terms(places: list[KeyLocation], known: list[str]) -> list[_Term | None]:
    """A Key Location not yet visited (its name, its NPCs' by any part that names them alone),
    every place's notes and its clues not yet used."""
    terms: list[_Term | None] = []
    for place in places:
        if not place.visited:
            terms.append(_name_term("place", place.name, known=known))
            terms += [_name_term("npc", npc.get("name", ""), known=known) for npc in place.npcs]
        terms += _passage_terms("notes", place.director_notes)
        terms += [t for npc in place.npcs for t in _passage_terms("notes", npc.get("notes", ""))]
        terms += _unused_clues(place.leg, place.clues, f"place-{place.pk}")
    return terms


def _unused_clues(leg: Leg, clues: str, prefix: str) -> list[_Term | None]:
    """The clues of ``clues`` the Leg's crib hasn't ticked as used."""
    used = set(leg.crib_used)
    keys = ((line, line_key(prefix, line)) for line in lines_of(clues))
    return [
        t
        for line, key in keys
        if key not in used
        for t in _passage_terms("clue", line, f"clue-{key}")
    ]


def _plan_terms(adventure: Adventure) -> list[_Term | None]:
    """The villain's plan, whole and step by step."""
    terms = _passage_terms("plan", adventure.master_plan)
    for step in adventure.plan_components:
        terms += _passage_terms("plan", str(step))
        terms += [t for t in [_name_term("plan", str(step))] if t and len(_words(t.name)) > 1]
    return terms


def find(adventure: Adventure, text: str, *, skip: Iterable[str] = ()) -> list[Hidden]:
    """The hidden things ``text`` names, each with where (its spans), in the order they come.
    ``skip``: keys not to look for (the clue being posted is no secret in its own post)."""
    terms, known = _secrets(adventure, skip)
    told = [m.span() for pattern in known for m in pattern.finditer(text)]
    hits = []
    for term in terms:
        for match in term.pattern.finditer(text):
            start, end = match.span()
            if not any(a <= start and end <= b for a, b in told):
                hits.append((start, end, term))
    # Where two overlap, the longer one counts (a clue that names a Danger is one secret).
    hits.sort(key=lambda hit: (hit[0], -(hit[1] - hit[0])))
    found: dict[str, Hidden] = {}
    last = 0
    for start, end, term in hits:
        if start < last:
            continue
        last = end
        hidden = found.setdefault(
            term.key, Hidden(term.key, term.kind, term.name, danger_ids=term.danger_ids)
        )
        hidden.spans.append((start, end))
    return list(found.values())


class Named(NamedTuple):
    """A hidden Danger named in a text: ``said``, its words there; ``name``, as written."""

    said: str
    name: str

    @property
    def whole(self) -> bool:
        """Whether the text names it in full ("the Baron" of "The Baron"), not by a part."""
        return _lowered(self.said) == _lowered(ARTICLE.sub("", self.name))


def dangers_named(adventure: Adventure, text: str) -> list[Named]:
    """The hidden Dangers of ``adventure`` that ``text`` names, whole or by a part that names
    them alone (`naming`: "Voss" of "Voss's crew"), each once, in the order they come. For
    prep, where nothing is in play yet: a name a Danger in sight shares is no secret."""
    dangers = _dangers(adventure)
    # At prep, every Danger set in sight counts as seen: the framing is read at the Scene.
    in_sight = {d.pk for d in dangers if d.revealed}
    known = _known(adventure, dangers, _places(adventure), in_sight)
    told = [m.span() for name in known if _words(name) for m in _pattern(name).finditer(text)]
    terms = _hidden_danger_names(dangers, in_sight, set(), known)
    found: dict[str, tuple[int, str, str]] = {}
    for term in terms:
        for match in term.pattern.finditer(text) if term else ():
            start, end = match.span()
            if term.key not in found and not any(a <= start and end <= b for a, b in told):
                found[term.key] = (start, match.group(), term.name)
    return [Named(said, name) for _start, said, name in sorted(found.values())]
