"""Drawing consequence prompts: one of each weight, fitted to the moment and the situation,
the same for the same draw, others for the next."""

import itertools

from sessions.consequences.cards import Moment, Prompt, Weight
from sessions.consequences.deck import DECK
from sessions.consequences.draw import Situation, draw, own_prompt

RICH = Situation(
    hero="Ada",
    equipment=("a battered Leica camera",),
    drive="To find my lost brother",
    npcs=("Mr Pillai",),
    dangers=("Brass Jack",),
    obstacle="Locked doors, guard dogs",
    location="The Harbourmaster's Office",
)


def test_a_draw_is_one_prompt_of_each_weight_and_the_same_every_time():
    first = draw(Moment.BLUNDER, RICH, seed=41)
    assert [p.weight for p in first] == [Weight.NUISANCE, Weight.TROUBLE, Weight.DISASTER]
    assert draw(Moment.BLUNDER, RICH, seed=41) == first
    assert all(p.move and p.example for p in first)


def test_another_draw_gives_other_prompts_of_every_weight():
    seen = [draw(Moment.BLUNDER, RICH, seed=41, number=n) for n in range(4)]
    for earlier, later in itertools.pairwise(seen):
        assert all(a.key != b.key for a, b in zip(earlier, later, strict=True))


def test_prompts_fit_the_moment():
    only_knockouts = {p.key for p in DECK if p.moments == frozenset({Moment.KNOCKOUT})}
    for n in range(30):
        for prompt in draw(Moment.BLUNDER, RICH, seed=7, number=n):
            assert prompt.key not in only_knockouts


def test_the_situation_fills_the_prompts_and_an_unknown_one_keeps_them_out():
    filled = [p for n in range(20) for p in draw(Moment.BLUNDER, RICH, seed=3, number=n)]
    words = " ".join(f"{p.lead} {p.move} {p.example}" for p in filled)
    assert "{" not in words
    assert "a battered Leica camera" in words
    assert "Brass Jack" in words
    bare = [p for n in range(20) for p in draw(Moment.BLUNDER, Situation(), seed=3, number=n)]
    assert bare
    assert all("{" not in p.move + p.example for p in bare)


def test_the_preps_obstacle_and_a_dangers_name_are_set_apart_as_a_prompt_to_the_director():
    """The obstacle as typed in prep is never pasted mid-sentence, and a Danger (maybe hidden)
    is named in the lead alone: "Tell the table" sends the example, which holds neither."""
    filled = [p for n in range(40) for p in draw(Moment.BLUNDER, RICH, seed=3, number=n)]
    obstacles = [p for p in filled if "Locked doors" in p.lead]
    assert obstacles
    assert all(p.lead == "Against the obstacle here: “Locked doors, guard dogs”" for p in obstacles)
    assert any(p.lead == "Against Brass Jack" for p in filled)
    for prompt in filled:
        told = prompt.example or prompt.move
        assert "Locked doors" not in prompt.move + told, prompt.key
        assert "Brass Jack" not in told, prompt.key
        if prompt.lead:
            assert prompt.note.startswith(f"{prompt.lead} — {prompt.move}")


def test_a_directors_own_prompts_join_the_draw_as_written():
    mine = own_prompt(0, "nuisance", "Drop a {brace} of pigeons", "Coo.")
    deck = [
        Prompt("theirs", Weight.NUISANCE, "Trip them up", "Down they go."),
        Prompt("other", Weight.TROUBLE, "Raise the stakes", "Higher!"),
    ]
    drawn = [draw(Moment.KNOCKOUT, Situation(), 5, n, own=[mine], deck=deck) for n in range(2)]
    moves = {d[0].move for d in drawn}
    assert moves == {"Trip them up", "Drop a {brace} of pigeons"}
    assert drawn[0][0].note.endswith(".")


def test_the_first_draw_works_with_the_scene_before_the_cards_that_fit_any_table():
    """A fresh-eyes evening: Sam's blunder on the quay drew "SPLOOSH! Somebody lands in the
    fishpond…" while the Scene had Sergeant Pell, an iron gate and Sam's Equipment to hand."""
    quay = Situation(hero="Sam", npcs=("Sergeant Pell",), obstacle="An iron gate")
    for seed in range(30):
        for prompt in draw(Moment.BLUNDER, quay, seed=seed):
            told = prompt.move + prompt.example
            assert prompt.lead or "Sergeant Pell" in told or "Sam" in told, (seed, prompt.key)
