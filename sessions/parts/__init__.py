"""The live parts of the table page: what each is (`part`), the registry declaring every one
(`registry`), drawing them (`drawing`) and the page around them (`page`), each audience's
context builders in a module of its own (`public`, `player`, `director`, `screen`…).

What the views, the event stream and the template tags use is here, by one name.
"""

from sessions.parts import kept
from sessions.parts.drawing import (
    EVERY_PART,
    Change,
    audience,
    base_context,
    change,
    changed_by,
    draw,
    drawn,
)
from sessions.parts.page import page_context, part_context, shell_context
from sessions.parts.part import Audience, Part
from sessions.parts.registry import PARTS, part_named

__all__ = [
    "EVERY_PART",
    "PARTS",
    "Audience",
    "Change",
    "Part",
    "audience",
    "base_context",
    "change",
    "changed_by",
    "draw",
    "drawn",
    "kept",
    "page_context",
    "part_context",
    "part_named",
    "shell_context",
]
