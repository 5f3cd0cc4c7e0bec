"""The short join code a table shows on the TV and players type at `/join/`.

Six characters from 30 that can't be mistaken for one another across a room (no 0/O, 1/I/L,
U/V): 30**6 = 729,000,000 codes. Guessing one of a site's live codes takes 729,000,000 / N
tries on average for N tables with a code switched on. Wrong codes are counted in the database
(`sessions.models.attempts`, every server process alike): `WRONG_GUESSES` an hour per account
and `WRONG_GUESSES_PER_ADDRESS` an hour per address, and an address makes at most
`SIGNUPS_PER_ADDRESS` accounts an hour, so fresh accounts add nothing. With 100 live tables a
guesser needs about 7,290,000 tries on average: from one address, at 60 an hour, some 14 years
(1,390 years for one live table); each further address they command cuts that in proportion.
"""

import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 6
WRONG_GUESSES = 30  # an hour, per user: plenty for fumbled typing, nothing for a guesser
# An hour, per address, however many accounts it makes: a table's players share one address.
WRONG_GUESSES_PER_ADDRESS = 60
# Sign-ups an hour from one address: a whole table of newcomers, not an army of accounts.
SIGNUPS_PER_ADDRESS = 10


def new_join_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalised(typed: str) -> str | None:
    """The code as stored, from what someone typed (any case, spaces and dashes between
    groups), or None when it can't be a join code at all."""
    code = "".join(typed.split()).replace("-", "").upper()
    if len(code) != LENGTH or any(char not in ALPHABET for char in code):
        return None
    return code
