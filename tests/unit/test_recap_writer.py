"""The recap writer: plain facts in, the app's pulp voice out, the same words every time."""

import re
from dataclasses import replace

import pytest

from sessions.grammar import listed
from sessions.recaps.writer import (
    Chapter,
    HandRoll,
    Happening,
    Moment,
    Told,
    place,
    sentence,
    title,
    write,
)

SCENE = Told(
    beat="Snatched at speed",
    place="The Nilgiri Express",
    description="A steam train climbing through tea gardens",
    where="The dining car",
    opening="Steam, soot and tea",
    canon=(("Ada", "a man reading yesterday's paper"),),
    happenings=(
        Happening(Moment.BLAMMO, "Kit", "THWACK!"),
        Happening(Moment.KNOCKOUT, "Sam", more="Why: an enemy strikes"),
        Happening(Moment.DANGER_OUT, "Kit", "Masked kidnappers"),
        Happening(Moment.DANGER_OUT, "", ""),
        Happening(Moment.GROUP, text="Jump!", success=False, count=1, of=3),
        Happening(Moment.INVESTIGATED, "Ada", "the ticket", "a lead"),
        Happening(Moment.REST, text="Sam"),
        Happening(Moment.TUMULT, count=1),
        Happening(Moment.CATCHPHRASE, "Ada", "Stop the presses!"),
        Happening(Moment.SNATCHED, "Sam"),
        Happening(Moment.BLAMMO_FLOP, "Kit", "KRAK!"),
        Happening(Moment.RETIRING, "Sam"),
        Happening(Moment.NARRATION, text="the train screams into the tunnel"),
    ),
    gambles=1,
    successes=1,
)


def chapter(seed: int = 0, **changes) -> Chapter:
    facts = dict(
        adventure="The Clockwork Monsoon",
        leg_number=2,
        leg_title="The Clockmaker's Daughter",
        cast=("Ada", "Sam", "Kit"),
        scenes=(SCENE,),
        leg_over=True,
        sound_effects=("THWACK!", "KRAK!"),
        seed=seed,
    )
    return Chapter(**(facts | changes))


def test_every_moment_is_told_in_a_full_sentence():
    text = write(chapter())
    for told in (
        "“Snatched at speed”, played out at the Nilgiri Express, a steam train climbing "
        "through tea gardens. The Cast found themselves at the dining car.",
        "Wide Shot! Steam, soot and tea.",
        "Ada added “a man reading yesterday's paper”",
        "(Why: an enemy strikes.)",
        "Kit put Masked kidnappers out of the picture.",
        "A foe the Cast never saw clearly went down too.",
        "(“Jump!”): one of three came good, and it went wrong.",
        "Ada took a closer look at the ticket and came away with a lead.",
        "The heroes caught their breath, and Sam shook off some Peril.",  # the Cast named once
        "one round",
        "“Stop the presses!” cried Ada, and the re-rolled dice came good.",
        "Kit went all in (KRAK!) and still came up short.",
        "That was Sam's fourth Knockout",
        "The train screams into the tunnel.",
        "One Gamble, and it came good.",
        "THWACK! and KRAK!",
        "To be continued…",
    ):
        assert told in text, told
    assert "Where:" not in text
    # An opening; the Scene's setting, its Wide Shot, what happened four sentences at a time
    # (thirteen moments and the tally); a close.
    paragraphs = text.split("\n\n")
    assert len(paragraphs) == 8
    assert paragraphs[2].startswith("Wide Shot! Steam, soot and tea.")
    assert all(p.count(". ") + p.count("! ") <= 6 for p in paragraphs[3:7])


def test_the_same_facts_always_give_the_same_words_and_another_seed_other_words():
    assert write(chapter(7)) == write(chapter(7))
    assert len({write(chapter(seed)) for seed in range(6)}) > 1


def test_titles():
    assert title(chapter()) == "Leg 2: The Clockmaker's Daughter"
    assert title(chapter(continued=True)) == "Leg 2: The Clockmaker's Daughter, concluded"
    assert title(chapter(leg_over=False)) == "Leg 2: The Clockmaker's Daughter, so far"
    assert title(chapter(leg_number=None)) == "The Clockwork Monsoon: the story so far"


def test_a_stretch_where_nothing_happened_says_so():
    text = write(chapter(scenes=(), sound_effects=(), leg_over=False))
    assert "The stage is set, but the curtain has barely twitched." in text
    assert text.endswith("To be continued…")


def test_the_end_of_an_adventure_and_retirements():
    text = write(chapter(finished=True, retired=("Sam",)))
    assert "Sam hung up their hats" in text
    assert text.endswith("And that was the end of The Clockwork Monsoon.")


def test_a_hero_is_named_in_full_once_then_as_the_table_calls_them():
    """A fresh-eyes recap: "Sam 'Anvil' Okafor-Whitlock" and "Professor Augusta Wren" said in
    full some fifteen times a Leg."""
    sam, wren, kit = "Sam 'Anvil' Okafor-Whitlock", "Professor Augusta Wren", "Kit"
    scene = Told(
        beat="On the quay",
        happenings=(
            Happening(Moment.GAMBLE, sam, "Pick the lock"),
            Happening(Moment.GAMBLE, wren, "Bluff the foreman"),
            Happening(Moment.KNOCKOUT, sam),
            Happening(Moment.CATCHPHRASE, wren, "Onward!"),
            Happening(Moment.INVESTIGATED, kit, f"{wren}'s notes"),
        ),
    )
    text = write(chapter(cast=(sam, wren, kit), scenes=(scene,)))
    assert text.count(sam) == 1, text
    assert text.count(wren) == 1, text
    assert "Sam went down hard" in text or "Lights out for Sam" in text or "Sam took" in text
    assert "cried Augusta" in text
    assert "Augusta's notes" in text


def test_a_short_name_two_heroes_share_is_never_used():
    twins = ("Sam Okafor", "Sam Vimes")
    scene = Told(beat="On the quay", happenings=(Happening(Moment.KNOCKOUT, twins[0]),))
    text = write(chapter(cast=twins, scenes=(scene,), seed=1))
    assert text.count("Sam Okafor") == 2, text


def test_heroes_who_rolled_real_dice_are_named():
    text = write(chapter(by_hand=(HandRoll("Ada"), HandRoll("Sam", "rest"))))
    assert "Real dice clattered on the table: Ada rolled a Gamble by hand; " in text
    assert "Sam rolled a Rest die by hand." in text
    assert "by hand" not in write(chapter())
    # A note of the table's, after the story has ended: never a moment in the middle of it.
    last = text.split("\n\n")[-1]
    assert last.startswith("Real dice clattered on the table: ")
    assert "to be continued" not in last.lower()
    assert "Real dice" not in text.split("\n\n")[-2]


def test_small_words():
    assert listed(["Ada"]) == "Ada"
    assert listed(["Ada", "Sam", "Kit"]) == "Ada, Sam and Kit"
    assert sentence("  the   bell tolls ") == "The bell tolls."
    assert sentence("Run!") == "Run!"
    assert place("The Nilgiri Express") == "the Nilgiri Express"
    assert place("Warehouse Nine") == "Warehouse Nine"


def test_a_scenes_framing_reads_as_prose():
    scene = Told(beat="Dinner is served", where="The dining car", what="A ledger goes missing",
                 who="Mr Pillai and two porters")  # fmt: skip
    setting = write(chapter(scenes=(scene,))).split("\n\n")[1]
    assert setting.startswith("It all began with “Dinner is served”.")
    assert setting.endswith(
        "The Cast found themselves at the dining car, with Mr Pillai and two porters on hand. "
        "The Director set the scene: “A ledger goes missing.”"
    )
    for label in ("Where:", "What:", "Who:"):
        assert label not in setting


def group(count: int, of: int, success: bool) -> str:
    scene = Told(happenings=(Happening(Moment.GROUP, text="Jump!", success=success, count=count,
                                       of=of),))  # fmt: skip
    return write(chapter(scenes=(scene,)))


def test_a_group_gamble_counts_in_plain_words():
    assert "(“Jump!”): neither came good, and it went wrong." in group(0, 2, False)
    assert "(“Jump!”): not one of the three came good, and it went wrong." in group(0, 3, False)
    assert "(“Jump!”): both came good, and they pulled it off." in group(2, 2, True)
    assert "(“Jump!”): all four came good, and they pulled it off." in group(4, 4, True)
    assert "(“Jump!”): two of three came good, and they pulled it off." in group(2, 3, True)
    assert "gambled together (“Jump!”), and it went wrong." in group(0, 1, False)
    assert "no of" not in group(0, 2, False)


def test_a_crowd_of_foes_goes_down_in_words_that_fit_a_crowd():
    scene = Told(happenings=(Happening(Moment.DANGER_OUT, "", "Museum guards"),))
    assert "Out of the picture went Museum guards." in write(chapter(scenes=(scene,)))


def test_a_hero_is_not_named_twice_in_a_row():
    scene = Told(happenings=(
        Happening(Moment.BLAMMO, "Sam", "KA-POW!"),
        Happening(Moment.DANGER_OUT, "Sam", "Brass Jack"),
        Happening(Moment.KNOCKOUT, "Sam", "until the Tumult ends"),
        Happening(Moment.RETIRING, "Sam"),
        Happening(Moment.INVESTIGATED, "Ada", "the ledger", "a lead"),
        Happening(Moment.CATCHPHRASE, "Ada", "Stop the presses!"),
    ))  # fmt: skip
    for seed in range(6):
        paragraphs = write(chapter(seed, scenes=(scene,))).split("\n\n")
        first, second = paragraphs[1], paragraphs[2]
        # Then “their next move”, “their fourth”…; “at Sam's hands” names who on purpose.
        assert first.replace("at Sam's hands", "").count("Sam") == 1, first
        assert "That was their fourth Knockout" in first
        assert "Brass Jack" in first
        # A new paragraph names its hero again, never a “they” with nobody before it.
        assert "Ada" in second.split(".")[0], second
        assert second.count("Ada") == 1, second


def test_sentences_about_new_heroes_come_in_by_varied_joins():
    scene = Told(happenings=tuple(
        Happening(Moment.INVESTIGATED, hero, "the ledger") for hero in ("Ada", "Sam", "Kit") * 2
    ))  # fmt: skip
    texts = [write(chapter(seed, scenes=(scene,))) for seed in range(6)]
    for joining in ("Then ", "Moments later, ", "Meanwhile, "):
        assert any(f"{joining}Sam took a closer look" in t or f"{joining}Kit took" in t
                   for t in texts), joining  # fmt: skip
    # Not every sentence: most come in plainly.
    for text in texts:
        joined = sum(text.count(j) for j in ("Then ", "Moments later, ", "Meanwhile, "))
        assert 0 < joined < 5, text


def test_the_cast_filling_in_the_picture_is_one_list():
    scene = Told(beat="Docks", opening="Fog", canon=(
        ("Ada", "a parrot"), ("Sam", "footprints."), ("Kit", "tar"), ("Ada", "a bell"),
    ))  # fmt: skip
    text = write(chapter(scenes=(scene,)))
    assert ": Ada added “a parrot” and “a bell”, Sam “footprints” and Kit “tar”." in text
    assert ";" not in text


def test_only_the_rolls_made_by_hand_are_told_and_who_typed_each_in():
    """The evening's review: one roll typed in by the Director read as every hero's rolls
    typed in. Each roll is told as what it was, and the Director named only for theirs."""
    rolls = (
        HandRoll("Sam", "lucky", typed=True),
        HandRoll("Ada"),
        HandRoll("Sam"),
        HandRoll("Ada"),
        HandRoll("Sam", "rest", typed=True),
    )
    text = write(chapter(by_hand=rolls))
    assert (
        "Real dice clattered on the table: Sam rolled a Gamble by hand, plus a Lucky Saves die "
        "and a Rest die that the Director typed in; Ada rolled two Gambles by hand."
    ) in text
    alone = write(chapter(by_hand=(HandRoll("Kit", "investigation", typed=True),)))
    assert "Kit rolled an Investigation by hand, typed in by the Director." in alone
    assert "Ada" not in alone.split("Real dice")[1]


def test_a_gamble_with_an_action_tells_its_success_or_blunder():
    scene = Told(happenings=(
        Happening(Moment.GAMBLE, "Ada", "Pick the lock on the clock case", success=True),
        Happening(Moment.GAMBLE, "Sam", "vault the railing", "KA-POW!", success=False),
        Happening(Moment.GAMBLE, "Sam", "A leap of faith", success=True),
    ))  # fmt: skip
    for seed in range(4):
        text = write(chapter(seed, scenes=(scene,)))
        assert re.search(r"Ada (set out|tried|needed) to pick the lock on the clock case", text)
        assert " to vault the railing (KA-POW!)" in text
        assert "blunder" in text
        assert "Next they went for “A leap of faith”" in text


def test_a_scene_opening_reads_as_a_sentence_not_a_slug_line():
    scene = Told(beat="The stopped clock", where="The Grand Tower, midnight",
                 what="Investigate the stopped clock", who="Old Tom")  # fmt: skip
    setting = write(chapter(scenes=(scene,))).split("\n\n")[1]
    assert setting.endswith(
        "At the Grand Tower, at midnight, the Cast set out to investigate the stopped clock, "
        "with Old Tom on hand."
    )
    assert "Also there" not in setting
    inside = Told(beat="Vault", where="Inside the vault", who="the night guard")
    assert "The Cast found themselves inside the vault, with the night guard on hand." in write(
        chapter(scenes=(inside,))
    )
    crowd = Told(beat="Docks", what="Brass Jack's goons strike", who="Old Tom")
    text = write(chapter(scenes=(crowd,)))
    assert "The Director set the scene: “Brass Jack's goons strike.” The Cast met Old Tom." in text


def test_a_place_and_its_description_read_as_one_phrase_or_apart():
    def setting(description: str) -> str:
        scene = Told(beat="Tea", place="The Ritz", description=description)
        return write(chapter(scenes=(scene,))).split("\n\n")[1]

    assert (
        setting("A grand hotel.")
        == "The first Scene, “Tea”, played out at the Ritz, a grand hotel."
    )
    assert setting("Gilded. Loud. Full of spies") == (
        "The first Scene, “Tea”, played out at the Ritz. Gilded. Loud. Full of spies."
    )


def _told(*happenings, **facts) -> str:
    return write(chapter(scenes=(Told(beat="On the quay", happenings=happenings, **facts),)))


def test_a_scenes_premise_and_its_npc_read_as_words_of_a_sentence():
    text = _told(where="The harbour office", what="Missing ships", who="Pillai")
    assert "set out to missing ships" not in text
    assert "with Pillai on hand" in text
    assert "At issue: missing ships." in text


def test_a_players_my_is_told_of_their_hero():
    text = _told(Happening(Moment.GAMBLE, "Ada", "Search my satchel for the map"))
    assert "Ada set out to search their satchel for the map" in text


def test_lucky_saves_after_the_gamble_they_saved_is_no_next_blunder():
    text = _told(
        Happening(Moment.GAMBLE, "Sam", "Pick the lock"), Happening(Moment.SNATCHED, "Sam")
    )
    assert "next blunder" not in text
    assert "Lucky Saves" in text


def test_typed_words_inside_a_sentence_lose_a_capital_that_starts_no_name():
    text = _told(
        Happening(Moment.INVESTIGATED, "Ada", "The torn ledger stubs", "A name: Vex"),
        Happening(Moment.INVESTIGATED, "Sam", "Kit's desk"),
    )
    assert "took a closer look at the torn ledger stubs and came away with a name: Vex" in text
    assert "at Kit's desk" in text


def test_a_question_looked_into_is_told_as_a_question_even_without_its_mark():
    """A fresh-eyes review: "took a closer look at where did the thief take the Mars planet"."""
    text = _told(
        Happening(Moment.INVESTIGATED, "Ada", "where did the thief take the Mars planet", "a lead")
    )
    assert "(“Where did the thief take the Mars planet?”) and came away with a lead" in text
    assert "at where did" not in text


def test_a_handout_revealed_is_told():
    text = _told(Happening(Moment.HANDOUT, text="The torn ledger stubs"))
    assert "handout" in text
    assert "“The torn ledger stubs”" in text


@pytest.mark.parametrize("seed", range(12))
def test_a_long_scene_varies_its_joins_and_never_repeats_one(seed):
    heroes = ("Ada", "Sam", "Kit")
    happenings = [
        Happening(Moment.GAMBLE, heroes[n % 3], f"Pick lock number {n}") for n in range(27)
    ]
    text = write(chapter(seed, scenes=(Told(beat="On the quay", happenings=tuple(happenings)),)))
    for join in ("Moments later", "Meanwhile", "Then ", "Not long after"):
        assert text.count(join) <= 1, join


def test_a_players_words_woven_into_the_story_are_told_of_their_hero_everywhere():
    """The recap's own voice is third person: an Investigation's words shift as a Gamble's
    do (the reviewer's recap had "showing me the ledger" beside "their satchel")."""
    text = _told(
        Happening(Moment.GAMBLE, "Ada", "Search my satchel for the map"),
        Happening(Moment.INVESTIGATED, "Sam", "The clerk showing me the ledger", "Our next lead"),
    )
    assert "search their satchel" in text
    assert "took a closer look at the clerk showing them the ledger" in text
    assert "came away with their next lead" in text
    for told_as_typed in (" me ", " my ", " our "):
        assert told_as_typed not in text


def test_a_players_words_in_quotation_marks_stay_as_typed():
    """What the recap quotes is the player's own voice, kept: a Catchphrase, a Group Gamble,
    and a quote inside words that are woven in."""
    text = _told(
        Happening(Moment.GAMBLE, "Ada", "I distract the guard while he shows me the ledger"),
        Happening(Moment.CATCHPHRASE, "Sam", "Not on my watch!"),
        Happening(Moment.GROUP, text="Get us out of here", of=2, count=2, success=True),
        Happening(Moment.INVESTIGATED, "Kit", "The note saying “meet me at dawn”"),
    )
    # A Gamble typed as a sentence about the hero is told as one, of the hero, in the past.
    assert "Ada distracted the guard while he showed them the ledger" in text
    assert "“Not on my watch!”" in text
    assert "(“Get us out of here”)" in text
    assert "at the note saying “meet me at dawn”" in text


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("Bluff the foreman", "Ada set out to bluff the foreman"),  # a task
        ("Ada bluffs the foreman", "Ada bluffed the foreman: a success!"),  # its own sentence
        ("Ada bluffs the foreman.", "Ada bluffed the foreman: a success!"),
        ("I bluff the foreman", "Ada bluffed the foreman: a success!"),  # told of the hero
        ("She bluffs the foreman", "Ada bluffed the foreman: a success!"),
        ("the torn press badge", "Ada went for “the torn press badge”"),  # a thing: quoted
        ("Vex falls for it", "Ada went for “Vex falls for it”"),
    ],
)
def test_a_gambles_action_reads_right_in_the_recap_whatever_was_typed(typed, told):
    """The review's recap said “set out to ada bluffs the foreman…”."""
    scene = Told(happenings=(Happening(Moment.GAMBLE, "Ada", typed),))
    text = write(chapter(1, scenes=(scene,), names=("Vex",)))  # a name the story knows
    assert told in text
    assert "set out to ada" not in text
    assert "set out to i " not in text


def test_words_about_the_hero_in_the_wide_shot_are_told_of_them():
    """The fresh eyes' review: the recap quoted "I see a brass rat" as the table typed it."""
    scene = Told(beat="Docks", opening="Fog", canon=(
        ("Zoe Sparks", "I see a brass rat on the pipes"),
        ("Sam 'Anvil' Okafor-Whitlock", "Sam spots fresh bootprints"),
        ("Ada", "a parrot"),
    ))  # fmt: skip
    text = write(
        chapter(scenes=(scene,), cast=("Ada", "Zoe Sparks", "Sam 'Anvil' Okafor-Whitlock"))
    )
    assert ": Ada added “a parrot”." in text
    assert "Zoe saw a brass rat on the pipes." in text  # named in full once, above
    assert "Sam spotted fresh bootprints." in text
    assert "“I see" not in text
    assert "“Sam spots" not in text


@pytest.mark.parametrize(
    ("typed", "told"),
    [
        ("I climb first and drop a rope", "Ada climbed first and dropped a rope"),
        ("I'm hiding behind the crates", "Ada was hiding behind the crates"),
        ("Ada quietly slips away", "Ada quietly slipped away"),
        ("I search my satchel for the map", "Ada searched their satchel for the map"),
        (
            "Sam bluffs the guard while I sneak round",
            "Ada sneaked round while Sam bluffed the guard",
        ),
    ],
)
def test_the_recap_keeps_to_the_past_tense(typed, told):
    """The review: the recap slipped into the present mid-paragraph ("Ada set out to…",
    then "Sam Okafor searches their satchel"): what the table typed is told in the past too."""
    scene = Told(
        beat="Docks",
        opening="Fog",
        canon=(("Ada", "I see a brass rat on the pipes"),),
        happenings=(
            Happening(Moment.GAMBLE, "Kit", "Pick the lock", success=True),
            Happening(Moment.GAMBLE, "Ada", typed, success=True),
        ),
    )
    text = write(chapter(scenes=(scene,), names=("Sam",)))
    assert told in text
    assert "Ada saw a brass rat on the pipes." in text
    for present in (" climbs ", " is hiding", " slips ", " searches ", " sneaks ", " sees "):
        assert present not in text


def test_a_dangers_article_and_a_thing_seen_keep_no_capital_mid_sentence():
    """A fresh-eyes evening: "They took a closer look at The spiral drawn on the fogged
    window", "Down went The Brass Widow, at their hands" (whose hands?)."""
    scene = Told(happenings=(
        Happening(Moment.BLAMMO, "June", "KA-POW!"),
        Happening(Moment.DANGER_OUT, "June", "The Brass Widow"),
        Happening(Moment.INVESTIGATED, "June", "The spiral drawn on the fogged window"),
        Happening(Moment.DANGER_OUT, "", "The Iron Hound"),
        Happening(Moment.INVESTIGATED, "Ada", "The Brass Widow's fan"),
        Happening(Moment.DANGER_OUT, "Ada", "A Mechanical Parrot"),
    ))  # fmt: skip
    known = ("June", "Ada", "The Brass Widow", "A Mechanical Parrot", "The Iron Hound")
    texts = [
        write(chapter(seed, cast=("June", "Ada"), scenes=(scene,), names=known))
        for seed in range(6)
    ]
    for text in texts:
        assert "took a closer look at the spiral drawn on the fogged window" in text, text
        assert "Out of the picture went the Iron Hound." in text
        assert "took a closer look at the Brass Widow's fan" in text
        assert "a Mechanical Parrot out of the picture." in text or (
            "Down went a Mechanical Parrot, at Ada's hands." in text
        )
        for capital in ("The Brass Widow", "The spiral", "The Iron", "A Mechanical"):
            assert capital not in text, text
        assert "at their hands" not in text
    said = {
        line
        for text in texts
        for line in ("That put the Brass Widow out of the picture.",
                     "Down went the Brass Widow, at June's hands.")
        if line in text
    }  # fmt: skip
    assert len(said) == 2  # both ways of telling it, by the seed


def test_a_key_locations_article_is_lowered_mid_sentence():
    assert place("A fishing boat") == "a fishing boat"
    assert place("An old mill") == "an old mill"
    scene = Told(beat="Nets", place="A fishing boat", where="a fishing boat")
    setting = write(chapter(scenes=(scene,))).split("\n\n")[1]
    assert "played out at a fishing boat." in setting
    assert "The Cast found themselves at a fishing boat." in setting
    assert " A fishing boat" not in setting


def test_the_cast_is_named_once_a_paragraph():
    text = _told(
        Happening(Moment.DANGER_OUT),
        Happening(Moment.REST),
        Happening(Moment.GROUP, text="Jump!", count=2, of=3),
        Happening(Moment.REST, text="Sam"),
    )
    for paragraph in text.split("\n\n"):
        assert paragraph.count("Cast") <= 1, paragraph
    assert "A foe the Cast never saw clearly went down too. The heroes caught their breath." in text


def test_a_hero_parted_from_their_gear_is_told():
    text = _told(Happening(Moment.GEAR_LOST, "Sam", "A brass compass"))
    assert "Sam was parted from their gear: a brass compass, gone." in text


def test_every_wide_shot_detail_is_quoted_as_the_log_tells_it():
    """A fresh-eyes evening: "Maya added “a torn oilskin glove…”, … and Odile “The orrery's
    cradle is scratched…”": a clause quoted with its capital beside the others' lowercase. Each
    reads as after "notices:" in the Wide Shot's log line; a name keeps its capital."""
    scene = Told(beat="Dome", opening="Rain", canon=(
        ("Maya", "A torn oilskin glove"),
        ("Odile", "The orrery's cradle is scratched with a star chart"),
        ("Sam", "Pell keeps glancing at the door"),
    ))  # fmt: skip
    text = write(chapter(cast=("Maya", "Odile", "Sam"), scenes=(scene,), names=("Pell",)))
    assert "“a torn oilskin glove”" in text, text
    assert "Odile “the orrery's cradle is scratched with a star chart”" in text, text
    assert "Sam “Pell keeps glancing at the door”" in text, text


def test_a_gamble_lucky_saves_turned_round_is_told_in_its_own_sentence():
    snatched = Happening(Moment.GAMBLE, "Noor", "Signal the harbourmaster", snatched=True)
    text = _told(snatched)
    assert text.count("Noor") == 1, text
    assert "signal the harbourmaster" in text
    assert "Lucky Saves" in text


@pytest.mark.parametrize("seed", range(4))
def test_a_scene_going_on_from_the_last_recap_is_named_not_started_again(seed):
    """A chapter that begins in the middle of a Scene names it, where it was and its framing,
    before what happened next in it; it is no new "first Scene", and its Wide Shot was told."""
    going_on = Told(
        beat="Into the clockworks",
        place="Lotus Clockworks",
        where="The gear loft",
        opening="Gears grind overhead",
        canon=(("Ada", "a brass owl"),),
        happenings=(Happening(Moment.GAMBLE, "Ada", "Swing on the pendulum", success=False),),
        gambles=1,
        going_on=True,
    )
    later = Told(beat="The rooftop chase")
    body = write(
        Chapter(
            adventure="The Clockwork Monsoon",
            leg_number=1,
            continued=True,
            cast=("Ada",),
            scenes=(going_on, later),
            seed=seed,
        )
    )
    said = body.split("\n\n")[1]
    assert said.startswith(("The Scene “Into the clockworks” went on", "“Into the clockworks”"))
    assert "at Lotus Clockworks" in said
    assert "the gear loft" in said
    assert body.index("“Into the clockworks”") < body.index("swing on the pendulum")
    assert "first Scene" not in body
    assert "Wide Shot" not in body
    assert "brass owl" not in body
    assert "“The rooftop chase”" in body


def test_a_lucky_gamble_typed_as_the_heros_own_deed_ends_that_sentence():
    snatched = Happening(Moment.GAMBLE, "Noor", "I bluff the foreman", snatched=True, success=True)
    text = _told(snatched)
    said = "Noor bluffed the foreman: a blunder, until Lucky Saves nudged the dice into a success!"
    assert said in text, text
    assert text.count("Lucky Saves") == 1, text


@pytest.mark.parametrize(
    ("what", "told"),
    [
        # A noun phrase typed as the What: what was afoot, never "set out to trouble brewing".
        ("trouble brewing", "at the Grand Museum, trouble brewing"),
        ("Trouble brewing", "at the Grand Museum, trouble brewing"),
        ("A raid", "at the Grand Museum, a raid afoot"),
        # A verb phrase: the task the Cast set out to do.
        ("stop the heist", "At the Grand Museum, the Cast set out to stop the heist"),
    ],
)
def test_a_scenes_what_reads_whether_a_thing_or_a_task(what, told):
    """A fresh-eyes recap: “At the Grand Museum, the Cast set out to trouble brewing (the
    heroes and the Baron's goons).”"""
    text = _told(where="The Grand Museum", what=what, who="the heroes and the Baron's goons")
    assert told in text
    assert "set out to trouble" not in text
    assert "set out to a raid" not in text


def test_a_group_gambles_members_are_told_once_as_the_group_gamble():
    """A fresh-eyes recap told the Group Gamble, then each member's part again ("Not long
    after, Mabel Finch set out to sprint for the exit, and blundered."): a member's Gamble is
    the group's, told once in its sentence (its description and its tally)."""
    from sessions.recaps import moments

    told = {"happenings": [], "gambles": 0, "successes": 0, "grouped": 0}
    action = "Get out of the collapsing mine before it buries the Cast"
    for hero, intent, success in (
        ("Mabel Finch", "Sprint for the exit", False),
        ("Sam", "Drag Mabel along with me", True),
    ):
        gamble = {"intent": intent, "rolled": [6 if success else 2]}
        data = {"success": success}
        moments.locked(told, hero, data, gamble, [], group_action=action)
    assert told["happenings"] == []  # no sentence of its own for either member's part
    assert (told["gambles"], told["grouped"], told["successes"]) == (2, 2, 1)


def test_two_tumults_in_a_scene_are_told_apart_and_numbered():
    """A fresh-eyes recap: “Fists flew and furniture broke: a Tumult of one round. Then all
    hell broke loose: a Tumult, one round of it.” Stock phrases that clash, side by side."""
    for seed in range(4):
        text = write(
            chapter(
                seed,
                scenes=(
                    Told(
                        beat="On the quay",
                        happenings=(
                            Happening(Moment.TUMULT, count=1),
                            Happening(Moment.NARRATION, text="The smoke cleared"),
                            Happening(Moment.TUMULT, count=2),
                        ),
                    ),
                ),
            )
        )
        assert "A Tumult broke out (one round)." in text, text
        assert "a second Tumult (two rounds)" in text, text
        assert "all hell" not in text
        assert "Fists flew" not in text


def test_a_quoted_group_gamble_stays_as_typed():
    """A fresh-eyes recap changed a quoted “…before it buries the Cast” into “…buries the
    heroes”: the Cast said once a paragraph is the recap's own words' rule, never a quote's."""
    text = _told(
        Happening(Moment.NARRATION, text="The Cast ran for the shaft"),
        Happening(
            Moment.GROUP,
            text="Get out of the mine before it buries the Cast",
            success=False,
            count=1,
            of=2,
            who=("Mabel Finch", "Sam"),
        ),
    )
    assert "“Get out of the mine before it buries the Cast”" in text, text


@pytest.mark.parametrize("seed", range(6))
def test_a_scene_of_many_gambles_is_not_told_the_one_way(seed):
    """A fresh-eyes recap of an evening's Scene: eight Gambles in a row, each told "… set out
    to …, and pulled it off." The ways of telling a success come round in turn."""
    tasks = ("pick the lock", "climb the mast", "bribe the guard", "read the map") * 2
    gambles = tuple(
        Happening(Moment.GAMBLE, ("Ada", "Sam")[n % 2], task, success=True)
        for n, task in enumerate(tasks)
    )
    text = write(chapter(seed, scenes=(replace(SCENE, happenings=gambles),)))
    told = [text.count(way) for way in ("pulled it off", "a success!", "managed it", "did just")]
    assert sum(told) == 8, text
    assert max(told) <= 3, text


def test_a_key_location_is_described_once_a_recap():
    """A fresh-eyes recap: three Scenes at the one Key Location, its description three times."""
    back = replace(SCENE, beat="Back on board", happenings=())
    text = write(chapter(scenes=(SCENE, back, replace(back, beat="The last carriage"))))
    assert text.count("a steam train climbing through tea gardens") == 1, text
    assert text.count("back at the Nilgiri Express") == 2, text
