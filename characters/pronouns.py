"""How the story tells of a hero: the pronouns a player picks on the hero's page
("she/her", "he/him", "they/them"), "they" for a hero who has picked none. The words they
become in a retelling are the table's (`sessions.telling`)."""

THEY = "they"
PRONOUN_CHOICES = [("she", "she/her"), ("he", "he/him"), (THEY, "they/them")]
