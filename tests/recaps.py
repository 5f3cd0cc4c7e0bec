"""How the recap tells a Gamble's action, whichever of its ways the chapter's seed picked."""

# "Ada set out to pick the lock", "Ada tried to pick the lock", "Ada needed to pick the lock".
TRIED = r"(?:set out|tried|needed) to "
