"""Each hero's badge at a table (a portrait's stand-in) is their own: heroes whose initials
clash get the shortest longer badges that tell them apart, in one place for every screen."""

from types import SimpleNamespace

from characters.initials import distinct, of, tell_apart


def test_a_heros_own_initials_are_the_first_and_last_words():
    assert of("Sam Okafor") == "SO"
    assert of("Professor Ada Sterling") == "PS"
    assert of("Ada") == "A"
    assert of("“Doc” Holloway") == "DH"


def test_initials_nobody_shares_stay_as_they_are():
    assert distinct(["Sam Okafor", "Ada Sterling", "Kit"]) == ["SO", "AS", "K"]


def test_clashing_initials_take_the_surnames_next_letter():
    assert distinct(["Sam Okafor", "Sara Osei", "Ada"]) == ["SOk", "SOs", "A"]


def test_clashing_initials_grow_until_every_badge_differs():
    badges = distinct(["Sam Okafor", "Sara Osei", "Sam Osborne"])
    assert len({badge.casefold() for badge in badges}) == 3
    assert all(badge.startswith("SO") for badge in badges)


def test_a_longer_badge_never_takes_another_heros_initials():
    # "Al" would be Ada Lovelace's "AL" but for case: the next letters, then.
    badges = distinct(["Ada", "Alex", "Ada Lovelace"])
    assert badges[2] == "AL"
    assert len({badge.casefold() for badge in badges}) == 3


def test_heroes_of_the_very_same_name_are_numbered():
    assert distinct(["Sam Okafor", "Sam Okafor", "Sara Osei"]) == ["SO1", "SO2", "SOs"]
    assert distinct(["Ada", "Ada"]) == ["A1", "A2"]


def test_tell_apart_gives_each_hero_its_badge():
    heroes = [SimpleNamespace(name="Sam Okafor"), SimpleNamespace(name="Sara Osei")]
    assert tell_apart(iter(heroes)) == heroes
    assert [hero.badge for hero in heroes] == ["SOk", "SOs"]


def test_a_nickname_tells_apart_two_heroes_of_one_name_and_no_badge_outgrows_its_circle():
    """A fresh-eyes TV: "Sam 'Anvil' Okafor-Whitlock" and "Sam "Sledge" Okafor" read as
    "SOkafor-" and "SOkafor", wider than the round badge."""
    names = ["Sam 'Anvil' Okafor-Whitlock", 'Sam "Sledge" Okafor', "Ada Quill"]
    assert distinct(names) == ["SAO", "SSO", "AQ"]
    assert of("Sam 'Anvil' Okafor-Whitlock") == "SO"  # alone at a table: first and last
    badges = distinct(["Samuel Okafor", "Samantha Okafor"])
    assert len(set(badges)) == 2
    assert all(len(badge) <= 4 for badge in badges)
    assert all(len(badge) <= 4 for badge in distinct(["Samuel Okafor", "Sabrina Okafor"]))
