"""The Cast as a web of connections, drawn by the server as SVG for the TV: each hero a
circle with their whole name under it (wrapped, never cut), each connection a numbered arrow
whose sentence the TV lists beside the web, whole."""

import math
from dataclasses import dataclass

WIDTH, HEIGHT = 900, 640
RADIUS = 40  # a hero's circle
LINE = 34  # the height of a line of a name
LINE_CHARS = 16  # a name wraps at about this many characters a line
BADGE = 20


@dataclass(frozen=True)
class Node:
    pk: int
    x: float
    y: float
    initial: str
    lines: tuple[str, ...]

    @property
    def text_y(self) -> float:
        return self.y + RADIUS + LINE


@dataclass(frozen=True)
class Edge:
    number: int
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def mid(self) -> tuple[float, float]:
        return (self.x1 + self.x2) / 2, (self.y1 + self.y2) / 2


def wrapped(name: str, width: int = LINE_CHARS) -> tuple[str, ...]:
    """A name in whole words, a line at most ``width`` characters (a longer word on its own)."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return tuple(lines) or (name,)


def _places(count: int) -> list[tuple[float, float]]:
    if count == 1:
        return [(WIDTH / 2, HEIGHT / 2 - LINE)]
    # Round an ellipse from the top, leaving room under the lowest circle for a name.
    cx, cy, rx, ry = WIDTH / 2, HEIGHT / 2 - LINE, WIDTH / 2 - 150, HEIGHT / 2 - 130
    turn = -math.pi / 2 if count > 2 else math.pi
    return [
        (
            cx + rx * math.cos(turn + 2 * math.pi * n / count),
            cy + ry * math.sin(turn + 2 * math.pi * n / count),
        )
        for n in range(count)
    ]


def web(heroes, connections) -> dict:
    """The drawing of ``heroes`` (pk, name) and ``connections`` ((number, from pk, to pk)):
    its nodes and edges in a WIDTH × HEIGHT box. Two heroes tied both ways get two arrows,
    side by side."""
    nodes = {
        pk: Node(pk, round(x, 1), round(y, 1), name[:1].upper(), wrapped(name))
        for (pk, name), (x, y) in zip(heroes, _places(len(heroes)), strict=True)
    }
    pairs = {(a, b) for _, a, b in connections}
    edges = []
    for number, a, b in connections:
        if a not in nodes or b not in nodes:
            continue
        start, end = nodes[a], nodes[b]
        dx, dy = end.x - start.x, end.y - start.y
        length = math.hypot(dx, dy) or 1
        ux, uy = dx / length, dy / length
        shift = 14 if (b, a) in pairs else 0  # both ways: each on its own side
        sx, sy = -uy * shift, ux * shift
        gap = RADIUS + 8
        edges.append(
            Edge(
                number,
                round(start.x + ux * gap + sx, 1),
                round(start.y + uy * gap + sy, 1),
                round(end.x - ux * (gap + 6) + sx, 1),
                round(end.y - uy * (gap + 6) + sy, 1),
            )
        )
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "radius": RADIUS,
        "badge": BADGE,
        "line": LINE,
        "nodes": list(nodes.values()),
        "edges": edges,
    }
