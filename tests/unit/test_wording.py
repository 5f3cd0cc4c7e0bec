"""Words the table typed, joined into a sentence: "Ada sees a brass key", never "Ada sees A
brass key"; a name keeps its capital."""

import pytest

from sessions.telling import third_person
from sessions.wording.director import name_inside
from sessions.wording.gambles import attempt, gambled
from sessions.wording.typed import Kind, mid_sentence, read, stop
from sessions.wording.wideshots import sight


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("A brass key", "a brass key"),
        ("An oil lamp, still warm", "an oil lamp, still warm"),
        ("The gulls circling the barge", "the gulls circling the barge"),
        ("Some footprints in the soot", "some footprints in the soot"),
        ("Two crates stamped in Vienna", "two crates stamped in Vienna"),
        ("a brass key", "a brass key"),
    ],
)
def test_a_leading_determiner_loses_its_capital(typed, read):
    assert mid_sentence(typed) == read


@pytest.mark.parametrize(
    ("typed", "names", "read"),
    [
        # A fresh-eyes review: "sees Jade dust" beside "…the Seventh Jade Planet", a Danger.
        ("Jade dust on the rail", ["the Seventh Jade Planet"], "jade dust on the rail"),
        ("Jade dust on the rail", ["Jade"], "Jade dust on the rail"),  # a name of its own
        ("Jade dust on the rail", ["Captain Jade"], "Jade dust on the rail"),  # a surname
        ("Jade Planet dust", ["the Seventh Jade Planet"], "Jade Planet dust"),  # the name
        ("Vex by the door", ["Baron Vex"], "Vex by the door"),
    ],
)
def test_an_everyday_word_of_a_name_typed_with_a_capital_loses_it(typed, names, read):
    assert mid_sentence(typed, names) == read


@pytest.mark.parametrize(
    "typed",
    [
        "Baron Vex's coat on the hook",  # a name
        "The Hague's seal on the letter",  # a name that starts with "The"
        "A",  # nothing after it to tell
        "THE CLOCK IS TICKING",  # shouted: left as typed
        "Anvil's hammer by the door",  # a word that starts like "An"
        "",
    ],
)
def test_anything_else_keeps_its_capital(typed):
    assert mid_sentence(typed) == typed


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("Bluff the guard", "bluff the guard"),  # a stated action: "Ada tries to bluff…"
        ("Bluff", "bluff"),
        ("Wet bootprints", "wet bootprints"),  # a Wide Shot detail: "Sam sees wet…"
        ("Follow Vex to the docks", "follow Vex to the docks"),  # a verb, then a known name
        ("A Vex agent", "a Vex agent"),
        ("The torn ledger stubs", "the torn ledger stubs"),
    ],
)
def test_a_first_word_that_is_no_name_loses_its_capital(typed, read):
    assert mid_sentence(typed, ["Vex", "Ada Sterling"]) == read


@pytest.mark.parametrize(
    "typed",
    [
        "I think it's a trap",
        "I'm sure of it",
        "NASA crates on the quay",  # an acronym
        "Vex waits by the door",  # a name the app knows
        "Ada's notebook",
        "Sterling silver on the table",  # a word of a known name
        "Old Tom by the fire",  # a name of several words
        "Baron Vex's coat",  # a title before a known name
    ],
)
def test_a_name_an_acronym_or_i_keeps_its_capital(typed):
    assert mid_sentence(typed, ["Vex", "Ada Sterling"]) == typed


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("Search my satchel for the map", "Search their satchel for the map"),
        ("get us out before I drown", "get them out before they drown"),
        ("My turn, I'm ready", "Their turn, they're ready"),
        ("say “my friend” to the guard", "say “my friend” to the guard"),  # quoted: as said
        ("Mystify the mynah bird", "Mystify the mynah bird"),  # no whole word of the first person
    ],
)
def test_a_players_own_words_are_told_of_their_hero(typed, told):
    assert third_person(typed) == told


# Typed words woven into the app's sentences about a hero, whatever was typed (the review:
# "Ada Quill sees a torn press badge glints…", "set out to ada bluffs the foreman").
HERO, NAMES = "Ada Quill", ("Vex", "Baron Vex", "Sam Okafor")


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("Bluff the foreman", "Ada Quill tries to bluff the foreman"),  # a task
        ("bluff the foreman.", "Ada Quill tries to bluff the foreman"),
        ("Follow Vex to the docks", "Ada Quill tries to follow Vex to the docks"),
        ("Search my satchel", "Ada Quill tries to search their satchel"),
        ("Ada bluffs the foreman", "Ada Quill bluffs the foreman"),  # a clause about the hero
        ("Ada Quill bluffs the foreman.", "Ada Quill bluffs the foreman"),
        ("ada bluffs the foreman", "Ada Quill bluffs the foreman"),  # a name never lowered
        ("I bluff the foreman", "Ada Quill bluffs the foreman"),  # the first person, told
        ("I search my satchel for the map", "Ada Quill searches their satchel for the map"),
        ("I try my luck", "Ada Quill tries their luck"),
        ("I quietly slip past the guard", "Ada Quill quietly slips past the guard"),
        ("I'm hiding behind the crates", "Ada Quill is hiding behind the crates"),
        ("I am the law", "Ada Quill is the law"),
        ("I saw a crow on the wire", "Ada Quill saw a crow on the wire"),
        ("I'd seen him before", "Ada Quill had seen him before"),
        ("She bluffs the foreman", "Ada Quill bluffs the foreman"),
        ("She's got the key", "Ada Quill has got the key"),
        ("A leap of faith", "Ada Quill goes for “A leap of faith”"),  # a thing: quoted
        ("the torn press badge", "Ada Quill goes for “the torn press badge”"),
        ("Two crates stamped in Vienna", "Ada Quill goes for “Two crates stamped in Vienna”"),
        ("We rush the door", "Ada Quill goes for “We rush the door”"),  # another's clause
        ("Vex falls for it", "Ada Quill goes for “Vex falls for it”"),
        ("Jump!", "Ada Quill goes for “Jump!”"),
        ("Ada's map, read it", "Ada Quill goes for “Ada's map, read it”"),
    ],
)
def test_a_gambles_stated_action_reads_right_whatever_was_typed(typed, said):
    assert attempt(HERO, typed, NAMES) == said


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("the torn press badge", "Ada Quill sees the torn press badge"),  # a thing
        ("A brass key under the doormat", "Ada Quill sees a brass key under the doormat"),
        ("Wet bootprints on the stairs", "Ada Quill sees wet bootprints on the stairs"),
        ("The gulls circling the barge", "Ada Quill sees the gulls circling the barge"),
        ("a pile of letters on the desk", "Ada Quill sees a pile of letters on the desk"),
        ("Baron Vex's coat on the hook", "Ada Quill sees Baron Vex's coat on the hook"),
        ("Sam Okafor pale at the window", "Ada Quill sees Sam Okafor pale at the window"),
        ("Muddy tracks lead to the door", "Ada Quill sees muddy tracks lead to the door"),
        (  # a clause: never after "sees"
            "a torn press badge glints on the floor",
            "Ada Quill notices: a torn press badge glints on the floor",
        ),
        (
            "A torn press badge glints on the floor.",
            "Ada Quill notices: a torn press badge glints on the floor",
        ),
        ("Steam hisses from the pipes", "Ada Quill notices: steam hisses from the pipes"),
        ("The door is ajar", "Ada Quill notices: the door is ajar"),
        ("Vex waits by the door", "Ada Quill notices: Vex waits by the door"),
        ("It's a trap", "Ada Quill notices: it's a trap"),
        # A fresh-eyes review: "sees that" glued to a thing read as a clause cut short.
        ("That crowbar on the floor", "Ada Quill notices: that crowbar on the floor"),
        ("those footprints by the safe", "Ada Quill notices: those footprints by the safe"),
        ("Crowbar on the floor", "Ada Quill sees crowbar on the floor"),
        ("Look under the rug", "Ada Quill says to look under the rug"),  # an order: no thing seen
        ("Listen at the door", "Ada Quill says to listen at the door"),
        # A fresh-eyes evening: a detail that starts where it is read "says to through the dome".
        (
            "Through the cracked dome a green light pulses",
            "Ada Quill sees through the cracked dome a green light pulses",
        ),
        ("Under the rug, a trapdoor", "Ada Quill sees, under the rug, a trapdoor"),
        # A fresh-eyes evening: a thing before a place was told as an order ("says to sawdust").
        (
            "Sawdust on the floor shaped like boot prints leading to the cellar",
            "Ada Quill sees sawdust on the floor shaped like boot prints leading to the cellar",
        ),
        ("Blood on the wall", "Ada Quill sees blood on the wall"),
        ("I crouch by the badge", "Ada Quill crouches by the badge"),  # about the hero
        ("Ada spots a crow on the wire", "Ada Quill spots a crow on the wire"),
    ],
)
def test_a_wide_shot_detail_reads_right_whatever_was_typed(typed, said):
    assert sight(HERO, typed, NAMES) == said


@pytest.mark.parametrize(
    ("typed", "kind"),
    [
        ("Bluff the foreman", Kind.TASK),
        ("Ada bluffs the foreman", Kind.HERO),
        ("I bluff the foreman", Kind.HERO),
        ("the torn press badge", Kind.THING),
        ("a torn press badge glints on the floor", Kind.CLAUSE),
        ("Ada's notebook", Kind.THING),  # a possessive: a thing of theirs
        ("Ada by the door", Kind.THING),
        ("Who paid the clerk?", Kind.QUESTION),  # quoted, never "at who paid the clerk?"
        ("Is the clerk lying?", Kind.QUESTION),  # a question: quoted
        ("where did the thief take the planet", Kind.QUESTION),  # asked without its "?"
        ("is the clerk lying", Kind.QUESTION),
        ("Do a backflip over the rail", Kind.TASK),
        ("", Kind.THING),
    ],
)
def test_what_typed_words_are(typed, kind):
    assert read(typed, HERO, NAMES).kind is kind


@pytest.mark.parametrize(
    "typed", ["Can of beans on the shelf", "where the thief hid the planet", "what Vex was doing"]
)
def test_words_that_only_look_like_a_question_are_never_asked(typed):
    assert read(typed, HERO, NAMES, tasks=False).kind is not Kind.QUESTION


@pytest.mark.parametrize(
    ("text", "stopped"),
    [("Ada sees a key", "Ada sees a key."), ("Jump!", "Jump!"), ("Go for “Now!”", "Go for “Now!”")],
)
def test_a_sentence_ends_in_one_stop(text, stopped):
    assert stop(text) == stopped


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("I climb first and drop a rope for the others",
         "Ada Quill climbs first and drops a rope for the others"),
        ("I duck and run", "Ada Quill ducks and runs"),
        ("I duck, then run", "Ada Quill ducks, then runs"),
        ("I go and fetch help", "Ada Quill goes and fetches help"),
        ("I shout and then quietly slip away", "Ada Quill shouts and then quietly slips away"),
        ("I bluff the foreman and sneak past", "Ada Quill bluffs the foreman and sneaks past"),
        ("I grab the salt and pepper", "Ada Quill grabs the salt and pepper"),  # a thing
        ("I grab the map and my torch", "Ada Quill grabs the map and their torch"),
        ("I grab the rope and Sam pulls", "Ada Quill grabs the rope and Sam pulls"),  # another's
    ],
)  # fmt: skip
def test_every_verb_of_the_first_person_agrees_when_told(typed, said):
    assert attempt(HERO, typed, NAMES) == said


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        # Another hero's name at the table first: no task, never lowered (the names passed).
        ("Ada bluffs the foreman while I sneak round to the sluice controls",
         "Zoe Sparks sneaks round to the sluice controls while Ada bluffs the foreman"),
        ("Sam Okafor distracts the guard", "Zoe Sparks goes for “Sam Okafor distracts the guard”"),
        ("Bluff the foreman", "Zoe Sparks tries to bluff the foreman"),
        ("carry Ada's satchel through the flood",
         "Zoe Sparks tries to carry Ada's satchel through the flood"),
    ],
)  # fmt: skip
def test_another_heros_name_first_is_no_task(typed, said):
    assert attempt("Zoe Sparks", typed, ("Zoe Sparks", "Ada Quillfeather", "Sam Okafor")) == said


def test_a_name_s_article_keeps_no_capital_for_a_thing_seen():
    """A fresh-eyes evening: with an NPC called "A Mechanical Parrot" (or a Danger "The Brass
    Widow") in the Scene, "A cracked pocket watch" kept its capital: "sees A cracked…"."""
    names = (*NAMES, "A Mechanical Parrot", "The Brass Widow")
    said = sight(HERO, "A cracked pocket watch hanging from the ceiling", names)
    assert said == "Ada Quill sees a cracked pocket watch hanging from the ceiling"
    assert sight(HERO, "The Brass Widow's fan on the floor", names) == (
        "Ada Quill sees the Brass Widow's fan on the floor"
    )


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("Question Mr. Wen about his master's last visitor, gently",
         "June Hartigan tries to question Mr. Wen about his master's last visitor, gently"),
        ("Follow Dr. Ng to the docks", "June Hartigan tries to follow Dr. Ng to the docks"),
        ("Ask Mrs Hudson for the key", "June Hartigan tries to ask Mrs Hudson for the key"),
        ("Warn Baron Vex", "June Hartigan tries to warn Baron Vex"),
        # A title first is still a name, never a task: "tries to old Mr. Wen".
        ("Old Mr. Wen", "June Hartigan goes for “Old Mr. Wen”"),
        ("Brass Jack", "June Hartigan goes for “Brass Jack”"),
    ],
)  # fmt: skip
def test_a_title_and_a_name_after_a_verb_is_a_task(typed, said):
    """A fresh-eyes evening: "June Hartigan goes for “Question Mr. Wen about…”", the NPC's
    name unknown to the sentence (the Director's roll-for page): "Mr." and a capital name a
    person, whatever the app knows."""
    assert attempt("June Hartigan", typed, ("June Hartigan",)) == said
    if "tries to" in said:
        told = said.replace("tries to", "gambles to")
        assert gambled("June Hartigan", typed, ("June Hartigan",)) == told


@pytest.mark.parametrize(
    ("name", "inside"),
    [
        ("The Brass Widow", "the Brass Widow"),
        ("A Mechanical Parrot", "a Mechanical Parrot"),
        ("An Iron Duke", "an Iron Duke"),
        ("Vell's Thugs", "Vell's Thugs"),
        ("Theodora Vex", "Theodora Vex"),
        ("The", "The"),
    ],
)
def test_a_name_inside_a_sentence_keeps_its_capitals_but_its_article(name, inside):
    assert name_inside(name) == inside


@pytest.mark.parametrize(
    "typed",
    [
        "That crowbar on the floor",
        "crowbar on the floor",
        "The crowbar on the floor is bent",
        "this is a trap",
        "Those footprints lead to the window",
    ],
)
def test_a_wide_shot_detail_never_reads_sees_that(typed):
    """Whatever was typed, "sees that" never comes before it: a thing after it ("sees that
    crowbar on the floor") reads as a clause cut short (a fresh-eyes review)."""
    assert "sees that" not in sight(HERO, typed, NAMES)
