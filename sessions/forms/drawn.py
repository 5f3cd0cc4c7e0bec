"""The table's form fields, drawn once a process for every field of their shape.

Forms are most of what the table's parts cost to draw (issue 27): a player's Gamble form on
every page load and after every Lock-in, the Director's Peril taps and enemy forms on theirs.
Yet a field not filled in is the same HTML every time it has the same shape: its form, name,
id, label, help, widget and attributes, choices and value. So each such field is drawn once
and kept (`DrawnOnce`, the bound field of every `TableForm`); a form filled in (a refused
move, with what was typed and its errors) is drawn afresh every time.

A Gamble form differs from its hero's last one only by its turn, the id in every field's id:
its fields are drawn from a twin with the stand-in turn `TURN` (`TableForm.drawn_from`), and
the form's own turn is put in its place.
"""

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable

from django.forms.boundfield import BoundField
from django.utils.safestring import SafeString, mark_safe


class Drawings:
    """Drawn fields by shape: the newest few thousand, for every thread of the process."""

    LIMIT = 4096

    def __init__(self) -> None:
        self._drawn: OrderedDict[tuple, str] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, draw: Callable[[], str]) -> SafeString:
        with self._lock:
            html = self._drawn.get(key)
        if html is None:
            html = str(draw())
            with self._lock:
                self._drawn[key] = html
                while len(self._drawn) > self.LIMIT:
                    self._drawn.popitem(last=False)
        return mark_safe(html)

    def clear(self) -> None:
        with self._lock:
            self._drawn.clear()


drawings = Drawings()


# The stand-in turn: random to each process, so no typed text can hold it (a turn is letters,
# digits, "-" and "_": safe in an attribute).
TURN = "turn" + secrets.token_hex(12)


class DrawnOnce(BoundField):
    """A table form's field: not filled in, drawn once for every field of its shape."""

    enabled = True  # a test draws the table both ways

    def as_field_group(self) -> SafeString:
        return self._once("group", BoundField.as_field_group)

    def __str__(self) -> str:
        return self._once("widget", BoundField.__str__)

    def _once(self, how: str, draw: Callable[[BoundField], str]) -> SafeString:
        form = self.form
        if form.is_bound or not self.enabled:
            return draw(self)
        model, turn = form.drawn_from()
        field = model[self.name] if model is not form else self
        shape = field.shape()
        if shape is None:
            return draw(self)
        html = drawings.get((how, *shape), lambda: draw(field))
        return mark_safe(html.replace(TURN, turn)) if turn else html

    def shape(self) -> tuple | None:
        """Everything the field's HTML is drawn from (None: a shape that can't be told apart
        from others, drawn every time)."""
        form, field = self.form, self.field
        widget = field.widget
        shape = (
            type(form),
            self.html_name,
            self.auto_id,
            form.label_suffix,
            form.use_required_attribute,
            getattr(form, "required_css_class", None),
            str(field.label),
            str(field.help_text),
            field.required,
            field.disabled,
            field.show_hidden_initial,
            type(field),
            type(widget),
            tuple(sorted((name, str(value)) for name, value in widget.attrs.items())),
            tuple(_pairs(getattr(widget, "choices", ()))),
            repr(self.value()),
        )
        try:
            hash(shape)
        except TypeError:
            return None
        return shape


def _pairs(choices) -> list:
    """A widget's choices as text (option groups flattened), to tell shapes apart by."""
    pairs = []
    for value, label in choices:
        if isinstance(label, (list, tuple)):
            pairs.append((str(value), tuple(_pairs(label))))
        else:
            pairs.append((str(value), str(label)))
    return pairs
