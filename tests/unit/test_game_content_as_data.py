"""A Director or a translator edits the game's content as data files: the archetypes
(`characters/archetypes.toml`) and the consequence deck (`sessions/consequences/deck.toml`).
Every entry is well formed, the files hold exactly what the Python modules held before, and a
malformed file is refused with a message naming the file and the entry."""

import hashlib
import json
import re
from collections import Counter
from pathlib import Path
from string import Formatter

import pytest

from characters import archetypes
from characters.archetypes import ARCHETYPE_CHOICES, ARCHETYPES, Archetype, Drive
from sessions.consequences import deck
from sessions.consequences.cards import PLACES, PRONOUNS, Moment, Prompt, Weight
from sessions.consequences.deck import DECK

ARCHETYPES_FILE = Path(archetypes.__file__).with_name("archetypes.toml")
DECK_FILE = Path(deck.__file__).with_name("deck.toml")
CREDIT = "ENIGMA SRD v0.7.0 by Andrew Pelham, CC BY-NC 4.0"


def texts(value) -> list[str]:
    """Every string in a nest of tuples, lists and dataclass fields."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (tuple, list, frozenset)):
        return [text for item in value for text in texts(item)]
    if isinstance(value, (Archetype, Drive, Prompt)):
        return [text for item in vars(value).values() for text in texts(item)]
    return []


# --- Well formed --------------------------------------------------------------------------


def test_the_data_files_sit_beside_their_code_and_credit_the_srd():
    for path in (ARCHETYPES_FILE, DECK_FILE):
        assert path.is_file(), path
        header = "".join(line for line in path.read_text().splitlines(keepends=True)[:12])
        assert CREDIT in " ".join(header.replace("#", "").split()), path
    assert archetypes.DATA_FILE == ARCHETYPES_FILE
    assert deck.DATA_FILE == DECK_FILE


def test_every_archetype_has_six_drives_and_a_full_six_by_six_equipment_table():
    assert len(ARCHETYPES) == 6
    for key, archetype in ARCHETYPES.items():
        assert archetype.key == key
        assert re.fullmatch(r"[a-z]+", key)
        assert len(archetype.drives) == 6, key
        assert len({drive.name for drive in archetype.drives}) == 6, key
        assert len(archetype.equipment) == 6, key
        assert all(len(line) == 6 for line in archetype.equipment), key
        assert archetype.examples, key
        for text in texts(archetype):
            assert text, key
            assert text == text.strip(), (key, text)


def test_the_archetype_texts_fit_where_a_hero_keeps_them():
    from characters.models import Character, Equipment

    assert Character._meta.get_field("archetype").max_length == archetypes.KEY_LENGTH
    assert Character._meta.get_field("drive").max_length == archetypes.DRIVE_LENGTH
    assert Equipment._meta.get_field("text").max_length == archetypes.ITEM_LENGTH


def test_archetype_names_are_unique_and_the_choices_follow_the_file():
    names = [archetype.name for archetype in ARCHETYPES.values()]
    assert len(set(names)) == len(names)
    assert [key for key, _ in ARCHETYPE_CHOICES] == list(ARCHETYPES)
    assert archetypes.load() == ARCHETYPES


def test_every_consequence_card_has_what_the_draw_needs():
    assert isinstance(DECK, tuple)
    assert DECK
    keys = [prompt.key for prompt in DECK]
    assert len(set(keys)) == len(keys)
    for prompt in DECK:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", prompt.key)
        assert not prompt.key.startswith("own-"), prompt.key
        assert not prompt.own, prompt.key
        assert isinstance(prompt.weight, Weight), prompt.key
        assert prompt.moments, prompt.key
        assert all(isinstance(moment, Moment) for moment in prompt.moments), prompt.key
        named = set()
        for text in (prompt.move, prompt.example):
            assert text, prompt.key
            assert text == text.strip(), prompt.key
            for _, name, spec, conversion in Formatter().parse(text):
                assert name is None or (name in PLACES + PRONOUNS and not spec and not conversion)
                named.add(name)
        # The hero's pronouns only on a card that names the hero.
        assert not named & set(PRONOUNS) or "hero" in named, prompt.key
    assert deck.load() == DECK


# --- The same content the Python held -----------------------------------------------------
# Fingerprints of the data as characters/archetypes.py and sessions/consequences/deck.py held
# it before it moved to TOML (taken from those modules at commit bd875ef).


def fingerprint(rows) -> str:
    return hashlib.sha256(json.dumps(rows, ensure_ascii=False).encode()).hexdigest()


def test_the_archetypes_are_the_ones_the_python_held():
    rows = [
        [
            a.key,
            a.name,
            a.summary,
            list(a.examples),
            [[drive.name, drive.description] for drive in a.drives],
            [list(line) for line in a.equipment],
        ]
        for a in ARCHETYPES.values()
    ]
    assert list(ARCHETYPES) == [
        "investigator",
        "brawler",
        "researcher",
        "entertainer",
        "explorer",
        "operator",
    ]
    investigator, operator = ARCHETYPES["investigator"], ARCHETYPES["operator"]
    assert investigator.name == "The Investigator"
    assert investigator.examples == (
        "Captain Francis Blake",
        "Master Keaton",
        "Nancy Drew",
        "Tintin",
    )
    assert investigator.equipment_for(1, 5) == "Auto Pistol"
    assert operator.equipment_for(3, 3) == "Pilot’s cap"
    assert operator.drive_for(6) == Drive(
        "Innovate Boldly",
        "You are driven to invent, hack, or improve technology beyond its intended limits.",
    )
    assert ARCHETYPES["brawler"].drive_for(6).description == (
        "You won’t tolerate insults to your reputation or those you care about."
    )
    assert fingerprint(rows) == "6b1a1921cf9eb066ce8f59842fbaad8c06ca247670fb1c6f9bf99003124f87c1"


def test_the_deck_is_the_one_the_python_held():
    rows = [
        [p.key, str(p.weight), p.move, p.example, sorted(map(str, p.moments)), p.own] for p in DECK
    ]
    assert len(DECK) == 49
    assert Counter(p.weight for p in DECK) == {"nuisance": 16, "trouble": 16, "disaster": 17}
    assert Counter(len(p.moments) for p in DECK) == {3: 37, 1: 9, 2: 3}
    assert DECK[0] == Prompt(
        "lose-precious-time",
        Weight.NUISANCE,
        "Let the clock run on",
        "By the time the dust settles, the trail has gone cold and a church bell tolls the hour.",
    )
    by_key = {p.key: p for p in DECK}
    assert by_key["a-tug-at-the-heart"].example == (
        "Something tugs at {hero}'s drive (“{drive}”), and {they} lose a precious minute "
        "chasing it."
    )
    assert by_key["split-by-floodgates"].moments == {Moment.GROUP_FAILED, Moment.BLUNDER}
    assert DECK[-1].key == "hazard-to-catastrophe"
    # Issue #35: six cards set the prep's obstacle or a Danger's name apart (``about``) instead
    # of pasting it into their words; the fingerprint changed with them, and only with them.
    about = {p.key: p.about for p in DECK if p.about}
    assert about == {
        "put-them-on-alert": "danger",
        "stubborn-obstacle": "obstacle",
        "enemy-presses-on": "danger",
        "obstacle-bites": "obstacle",
        "unleash-the-danger": "danger",
        "hazard-to-catastrophe": "obstacle",
    }
    # The four cards that name the hero tell of them by their pronouns ({they}, {them}, {their}):
    # the fingerprint changed with them, and only with them.
    assert fingerprint(rows) == "badfa3c41c1d6fabecc5fe6346fd480beca02b935a9d8dd734a0c21c3fe68075"


# --- A malformed file is refused, naming the file and the entry ---------------------------


def broken(tmp_path: Path, original: Path, old: str, new: str) -> Path:
    text = original.read_text()
    assert old in text, old
    path = tmp_path / original.name
    path.write_text(text.replace(old, new, 1))
    return path


RESEARCHER_DRIVE = """[[archetype.drives]]
name = "Preserve Knowledge"
description = "You see it as your duty to safeguard important information or artifacts."
"""


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('key = "brawler"', 'key = "brawler', r"can't be read as TOML: .*line"),
        (RESEARCHER_DRIVE, "", r"archetype 3 \('researcher'\), drives needs exactly 6 .*not 5"),
        (
            '4 = ["Altimeter", "Hunting knife", ',
            '4 = ["Hunting knife", ',
            r"archetype 5 \('explorer'\), equipment, line 4 must hold exactly 6 items, not 5",
        ),
        ('6 = ["Socket set"', '7 = ["Socket set"', r"'operator'\), equipment needs lines 1 to 6"),
        ('name = "The Brawler"', 'name = ""', r"archetype 2 \('brawler'\), name must be text"),
        (
            'name = "The Brawler"',
            'name = "The Investigator"',
            r"archetype 2: the name 'The Investigator' is archetype 1's",
        ),
        (
            'key = "brawler"',
            'key = "investigator"',
            r"archetype 2: the key 'investigator' is archetype 1's",
        ),
        (
            'name = "Prove Your Strength"',
            'name = "Protect the Vulnerable"',
            r"'brawler'\), drives: two drives have the same name",
        ),
        ('"Dice set", ', '" Dice set", ', r"'brawler'\), equipment, line 4, item 1 has spaces"),
        ('"Dice set", "Throwing axe"', '"Dice set", ""', r"equipment, line 4, item 2 must be text"),
        (
            "summary = ",
            "sumary = ",
            r"1 \('investigator'\): missing summary; unknown field sumary$",
        ),
        ('key = "explorer"', 'key = "The Explorer"', r"archetype 5 .*key must be a lowercase"),
        ('key = "explorer"', f'key = "{"x" * 21}"', r"archetype 5 .*at most 20 letters"),
        ('"Whip"', f'"{"W" * 121}"', r"'explorer'\), equipment, line 5, item 5 is longer than 120"),
    ],
)
def test_a_malformed_archetype_is_refused_naming_the_file_and_entry(tmp_path, old, new, message):
    path = broken(tmp_path, ARCHETYPES_FILE, old, new)
    with pytest.raises(archetypes.ContentError, match=message) as error:
        archetypes.load(path)
    assert str(path) in str(error.value)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('key = "make-a-racket"', 'key = "make-a-racket', r"can't be read as TOML: .*line"),
        (
            'weight = "trouble"',
            'weight = "calamity"',
            r"prompt 17 \('scheme-ticks-forward'\), weight must be one of .*'calamity'",
        ),
        (
            "{npc} saw the whole thing",
            "{villain} saw the whole thing",
            r"\('a-witness-runs'\), example: \{villain\} is not one of the placeholders",
        ),
        ("{npc} saw the whole thing", "{npc saw the whole thing", r"a-witness-runs.*brace"),
        ("{npc} saw the whole thing", "{npc!r} saw the whole thing", r"a-witness-runs.*\{npc\}"),
        (
            'key = "make-a-racket"',
            'key = "a-small-price"',
            r"prompt 5: the key 'a-small-price' is prompt 3's",
        ),
        ('moments = ["knockout"]', 'moments = ["knock-out"]', r"\('wake-up-ridiculous'\), moments"),
        ('moments = ["group-failed"]', "moments = []", r"\('argue-it-out'\), moments must be a"),
        ('move = "Let the clock run on"', 'move = ""', r"'lose-precious-time'\), move must be"),
        (
            'example = "CLANG!',
            'exampel = "CLANG!',
            r"\('make-a-racket'\): missing example; unknown field exampel$",
        ),
        ('key = "make-a-racket"', 'key = "own-1"', r"prompt 3 \('own-1'\): keys starting own-"),
        ('key = "make-a-racket"', 'key = "Make a racket"', r"prompt 3 .*lowercase words"),
        ('about = "obstacle"', 'about = "villain"', r"\('stubborn-obstacle'\), about must be"),
    ],
)
def test_a_malformed_consequence_card_is_refused_naming_the_file_and_card(
    tmp_path, old, new, message
):
    path = broken(tmp_path, DECK_FILE, old, new)
    with pytest.raises(deck.ContentError, match=message) as error:
        deck.load(path)
    assert str(path) in str(error.value)


@pytest.mark.parametrize(
    ("load", "error"), [(archetypes.load, archetypes.ContentError), (deck.load, deck.ContentError)]
)
def test_a_missing_or_empty_file_is_refused(tmp_path, load, error):
    with pytest.raises(error, match="can't be read"):
        load(tmp_path / "nowhere.toml")
    empty = tmp_path / "empty.toml"
    empty.write_text("# nothing here\n")
    with pytest.raises(error, match=f"{re.escape(str(empty))} must hold"):
        load(empty)
