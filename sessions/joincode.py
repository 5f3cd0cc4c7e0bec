"""The short join code a table shows on the TV and players type at `/join/`.

Six characters from 30 that can't be mistaken for one another across a room (no 0/O, 1/I/L,
U/V): 30**6 = 729,000,000 codes. Guessing one of a site's live codes takes 729,000,000 / N
tries on average for N tables with a code switched on, and a user who types wrong codes is
held to `WRONG_GUESSES` an hour (`sessions.views.joining`): with 100 live tables a guesser needs
about 7,290,000 tries on average, some 28 years for one account at 30 an hour (2,700 years for
one live table). Sign-ups aren't limited here, so many accounts go faster.
"""

import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 6
WRONG_GUESSES = 30  # an hour, per user: plenty for fumbled typing, nothing for a guesser


def new_join_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalised(typed: str) -> str | None:
    """The code as stored, from what someone typed (any case, spaces and dashes between
    groups), or None when it can't be a join code at all."""
    code = "".join(typed.split()).replace("-", "").upper()
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code
