"""Recaps: what happened at the table, told in the app's voice (DESIGN.md §2, "Recaps").

`writer` is plain Python (facts in, prose out); `story` reads a stretch of the log into those
facts, only what the Cast saw; `drafts` makes, redrafts and publishes the recaps.
"""
