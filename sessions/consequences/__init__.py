"""Consequence prompts for the Director: when a Gamble goes wrong, three ideas for what
happens next, one of each weight, fitted to the moment and to what the app knows of the
situation. Plain Python, like the rules engine: the deck is data (`deck.toml`, read and
checked by `deck.py`), drawing is a pure function of the moment, the situation and the draw's
number."""
