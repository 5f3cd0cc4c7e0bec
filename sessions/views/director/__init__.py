"""The Director's controls at the table, one module per SRD concern (as `sessions/actions/`)."""

from sessions.views.director import (
    aids,
    corrections,
    crib,
    dangers,
    joining,
    legs,
    peril,
    wideshots,
)

__all__ = ["aids", "corrections", "crib", "dangers", "joining", "legs", "peril", "wideshots"]
