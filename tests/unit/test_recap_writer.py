"""The recap writer: plain facts in, the app's pulp voice out, the same words every time."""

from sessions.recaps.writer import (
    Chapter,
    Happening,
    Moment,
    Told,
    names,
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
        "“Snatched at speed”, played out at the Nilgiri Express.",
        "A steam train climbing through tea gardens.",
        "Where: The dining car.",
        "Wide Shot! Steam, soot and tea.",
        "Ada added “a man reading yesterday's paper”",
        "(Why: an enemy strikes.)",
        "Kit put Masked kidnappers out of the picture.",
        "A foe the Cast never saw clearly went down too.",
        "(“Jump!”): one of three came good, and it went wrong.",
        "Ada took a closer look at the ticket and came away with a lead.",
        "The Cast caught their breath, and Sam shook off some Peril.",
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
    assert text.count("\n\n") == 2  # an opening, the Scene, a close


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
    assert text.endswith("And that was THE END of The Clockwork Monsoon.")


def test_heroes_who_rolled_real_dice_are_named():
    text = write(chapter(by_hand=("Ada", "Sam")))
    assert "Real dice clattered on the table: Ada and Sam rolled by hand." in text
    assert "by hand" not in write(chapter())


def test_small_words():
    assert names(["Ada"]) == "Ada"
    assert names(["Ada", "Sam", "Kit"]) == "Ada, Sam and Kit"
    assert sentence("  the   bell tolls ") == "The bell tolls."
    assert sentence("Run!") == "Run!"
    assert place("The Nilgiri Express") == "the Nilgiri Express"
    assert place("Warehouse Nine") == "Warehouse Nine"
