"""Small rules of English for words the table typed, joined into the app's own sentences.

A player types "Bluff the guard" or "Wet bootprints" as a line of its own, capital first; put
inside a sentence it reads "Ada tries to bluff the guard", "Sam sees wet bootprints". The
first letter is lowered unless it may start a name: "I", a word in capitals ("NASA"), a name
of several capitalised words ("Baron Vex", "The Hague"), a possessive ("Vex's coat"), or a
name the app knows (a hero, an NPC, a Danger). Everything that puts typed words inside a
sentence asks `mid_sentence`, so the rule is the same on every screen and in every recap.

By what the words are about, in the SRD's own terms:
- `typed`: what typed words are (`read`), and how they read inside a sentence (`mid_sentence`,
  `stop`): the base the others stand on.
- `gambles`: a Gamble's stated action ("Ada tries to bluff the foreman"), who is Helping Out,
  the Gambles still open at a Scene's end.
- `wideshots`: what a hero adds to the Wide Shot ("Ada sees a torn press badge").
- `investigations`: Investigating ("Ada takes a closer look at the ledger").
- `director`: the Director's words and names inside a sentence, and a name left out.
"""
