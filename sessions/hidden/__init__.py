"""What the players haven't been told yet, found in a line the Director is about to post.

Everything the Director tells the table in so many words (a line of their own, a consequence
prompt, a clue from the crib) is checked here first: hidden Dangers' names, Key Locations the
Cast hasn't visited (and the NPCs there), the villain and the plan, clues not yet posted, and
the Director's notes. Names match whole words, in any case, and a name by any part of it that
names it alone ("Voss" of "Professor Ilsa Voss": `name_parts`), a place by a word of it written
as a name ("the Ashgrove crest": `place_naming`); a passage (a clue, a sentence of the plan or
of a note) matches as a whole sentence of three words or more. What the Cast already knows
never counts: the heroes' names, Dangers they have seen, places they have been (a Danger in
sight at a place not yet visited is still unseen).
"""

from sessions.hidden.finding import KINDS, Hidden, Named, dangers_named, find
from sessions.hidden.marking import Settled, marked, settle, shown, without
from sessions.hidden.naming import name_parts, naming

__all__ = [
    "KINDS",
    "Hidden",
    "Named",
    "Settled",
    "dangers_named",
    "find",
    "marked",
    "name_parts",
    "naming",
    "settle",
    "shown",
    "without",
]
