"""Who is looking at the table, and what each live part of it needs, built only for the
parts being drawn. Every part is drawn for the person asking: the Director's panel only for
the Director, a player's Gamble panel only with their own heroes."""

from sessions.viewer.looking import SHARED, Viewer
from sessions.viewer.seats import event_table, seated_viewer
from sessions.viewer.written import Written

__all__ = ["SHARED", "Viewer", "Written", "event_table", "seated_viewer"]
