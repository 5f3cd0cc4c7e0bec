"""How the story tells of a hero: the pronouns a player picks on the hero's page
("she/her", "he/him", "they/them"), "they" for a hero who has picked none. The words they
become in a retelling are the table's (`sessions.telling`)."""

THEY = "they"
PRONOUN_CHOICES = [("she", "she/her"), ("he", "he/him"), (THEY, "they/them")]

# The hero's word for what is theirs, for the example beside the choice ("her badge"): the
# story's own words for them are `sessions.telling`'s, which characters may not import.
POSSESSIVE = {"she": "her", "he": "his", THEY: "their"}
