"""The Cast as a web of connections, drawn by the server as SVG for the TV: each hero a box
holding their whole name (wrapped in whole words, never cut), each connection a numbered arrow
from box to box whose sentence the TV lists beside the web, whole. The arrows run under the
boxes, so no line ever crosses a name."""

import math
from dataclasses import dataclass, replace

WIDTH, HEIGHT = 900, 720
FONT = 34  # a name's type, in the drawing's units
LINE = 40  # the height of a line of a name
LINE_CHARS = 13  # a name wraps at about this many characters a line
CHAR = 0.64 * FONT  # a wide bold character, so that a box always holds its name
PAD = 16
BADGE = 22
ARROW = 10


@dataclass(frozen=True)
class Node:
    pk: int
    x: float
    y: float
    width: float
    height: float
    lines: tuple[str, ...]

    @property
    def left(self) -> float:
        return round(self.x - self.width / 2, 1)

    @property
    def top(self) -> float:
        return round(self.y - self.height / 2, 1)

    @property
    def name_lines(self) -> list[tuple[str, float]]:
        """Each line of the name with its baseline, the block centred in the box."""
        first = self.y - LINE * (len(self.lines) - 1) / 2 + FONT * 0.35
        return [(line, round(first + LINE * n, 1)) for n, line in enumerate(self.lines)]

    def reach(self, ux: float, uy: float) -> float:
        """How far from the centre, along (ux, uy), the box's edge is."""
        across = (self.width / 2) / abs(ux) if ux else math.inf
        down = (self.height / 2) / abs(uy) if uy else math.inf
        return min(across, down)


@dataclass(frozen=True)
class Edge:
    number: int
    x1: float
    y1: float
    x2: float
    y2: float
    badge: tuple[float, float]  # where its number is drawn, on the arrow, clear of the others

    def at(self, share: float) -> tuple[float, float]:
        """The point ``share`` of the way along the arrow, from its tail."""
        return (
            round(self.x1 + (self.x2 - self.x1) * share, 1),
            round(self.y1 + (self.y2 - self.y1) * share, 1),
        )


# Where along its arrow a number may sit, best first: the middle, then further out on each side.
SHARES = (0.5, 0.35, 0.65, 0.25, 0.75, 0.15, 0.85)


def _badge_place(
    edge: Edge, side: tuple[float, float], taken: list[tuple[float, float]]
) -> tuple[float, float]:
    """The first place along ``edge`` whose badge clears every badge already placed: two ties
    both ways between the same heroes run side by side, and their numbers part along the
    arrows; where the arrows are too short for that, each number stands out on its own
    arrow's side (``side``: a unit vector away from its partner)."""
    apart = 2 * BADGE + 6
    out = BADGE + 4
    places = [edge.at(share) for share in SHARES]
    places += [(round(x + side[0] * out, 1), round(y + side[1] * out, 1)) for x, y in places]
    for x, y in places:
        if all(math.hypot(x - ox, y - oy) >= apart for ox, oy in taken):
            return x, y
    return places[0]


def wrapped(name: str, width: int = LINE_CHARS) -> tuple[str, ...]:
    """A name in whole words, a line at most ``width`` characters (a longer word on its own)."""
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return tuple(lines) or (name,)


def _box(lines: tuple[str, ...]) -> tuple[float, float]:
    return max(len(line) for line in lines) * CHAR + 2 * PAD, len(lines) * LINE + PAD


def _places(count: int, width: float, height: float) -> list[tuple[float, float]]:
    """Round an ellipse from the top (two heroes: side by side), each box inside the drawing."""
    cx, cy = WIDTH / 2, HEIGHT / 2
    if count == 1:
        return [(cx, cy)]
    rx, ry = WIDTH / 2 - width / 2 - 4, HEIGHT / 2 - height / 2 - 4
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
    names = [(pk, wrapped(name)) for pk, name in heroes]
    boxes = [_box(lines) for _, lines in names]
    widest = max((w for w, _ in boxes), default=0)
    tallest = max((h for _, h in boxes), default=0)
    nodes = {
        pk: Node(pk, round(x, 1), round(y, 1), round(w, 1), round(h, 1), lines)
        for (pk, lines), (w, h), (x, y) in zip(
            names, boxes, _places(len(names), widest, tallest), strict=True
        )
    }
    pairs = {(a, b) for _, a, b in connections}
    edges: list[Edge] = []
    for number, a, b in connections:
        if a not in nodes or b not in nodes:
            continue
        start, end = nodes[a], nodes[b]
        dx, dy = end.x - start.x, end.y - start.y
        length = math.hypot(dx, dy) or 1
        ux, uy = dx / length, dy / length
        shift = 14 if (b, a) in pairs else 0  # both ways: each on its own side
        sx, sy = -uy * shift, ux * shift
        out, into = start.reach(ux, uy) + 4, end.reach(ux, uy) + ARROW
        edge = Edge(
            number,
            round(start.x + ux * out + sx, 1),
            round(start.y + uy * out + sy, 1),
            round(end.x - ux * into + sx, 1),
            round(end.y - uy * into + sy, 1),
            (0.0, 0.0),
        )
        place = _badge_place(edge, (-uy, ux), [e.badge for e in edges])
        edges.append(replace(edge, badge=place))
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "badge": BADGE,
        "nodes": list(nodes.values()),
        "edges": edges,
    }
