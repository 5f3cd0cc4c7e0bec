"""An enemy's blow on its turn, in two voices: the log's, naming the hero, and the one the
hero's own player reads on their phone, told to them ("you take Peril")."""

from sessions import rules as R
from sessions.actions.words import strike_words


def test_the_log_names_the_hero_and_their_phone_says_you():
    change = R.add_peril(R.CharacterState(peril=2), 3)
    line, yours = strike_words("The Brass Widow", "Sam Okafor", change, in_tumult=True)
    assert line == "The Brass Widow → Sam Okafor: Peril +3 (now 5)."
    assert yours == "The Brass Widow strikes: you take Peril +3 (now 5 of 6)."


def test_many_strike_and_one_strikes():
    change = R.add_peril(R.CharacterState(), 1)
    assert strike_words("Museum guards", "Ada", change, in_tumult=True)[1].startswith(
        "Museum guards strike: you take"
    )
    assert strike_words("An enemy", "Ada", change, in_tumult=True)[1].startswith(
        "An enemy strikes: you take"
    )


def test_a_knockout_and_a_fourth_one_told_to_you():
    change = R.add_peril(R.CharacterState(peril=4, knockouts=3), 2)
    line, yours = strike_words("Brass Jack", "Sam", change, in_tumult=True)
    assert line == (
        "Brass Jack → KNOCKOUT! Sam is out until the Tumult ends. "
        "That's Knockout number four: Sam is retiring."
    )
    assert yours == (
        "Brass Jack strikes: KNOCKOUT! You are out until the Tumult ends. "
        "That's Knockout number four: you are retiring."
    )


def test_nothing_dealt_is_told_plainly():
    change = R.add_peril(R.CharacterState(), 0)
    assert strike_words("Brass Jack", "Sam", change, in_tumult=True) == (
        "Brass Jack → Sam's Peril doesn't budge.",
        "Brass Jack strikes: your Peril doesn't budge.",
    )
