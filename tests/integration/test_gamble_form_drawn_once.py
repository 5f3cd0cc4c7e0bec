"""A Gamble form's fields are drawn once a process for every form of their shape, each handed
out with its own turn (`sessions.forms.drawn.DrawnOnce`, from the form's twin with the stand-in
turn): the HTML is what Django draws."""

import pytest

from characters.models import Character, Equipment, Knack
from sessions.forms.drawn import TURN, DrawnOnce, drawings
from sessions.forms.table import GambleForm
from sessions.models import Danger

pytestmark = pytest.mark.django_db

FIELDS = ("request_id", "intent", "knacks", "equipment", "advantages", "penalties", "helpers")


@pytest.fixture
def sam(playing):
    sam = playing["sam"]
    Knack.objects.create(character=sam, text="Talking my way past a doorman <b>")
    Equipment.objects.create(character=sam, text="A crowbar & a torch")
    return sam


def _form(sam, ada, turn: str, data=None) -> GambleForm:
    return GambleForm(
        data,
        character=Character.objects.get(pk=sam.pk),
        fellows=[ada],
        dangers=lambda: list(Danger.objects.all()),
        initial={"request_id": turn},
    )


def drawn(form: GambleForm, name: str) -> str:
    """A field as the Gamble panel draws it: with its label, help and errors; a hidden field
    only as its input."""
    field = form[name]
    return str(field) if field.is_hidden else field.as_field_group()


def _field_html(form: GambleForm, name: str) -> str:
    """The same field as Django draws it, nothing kept."""
    DrawnOnce.enabled = False
    try:
        return drawn(form, name)
    finally:
        DrawnOnce.enabled = True


def _groups() -> int:
    return sum(key[0] == "group" for key in drawings._drawn)


def test_each_field_is_drawn_as_django_draws_it_whatever_the_turn(sam, playing):
    for turn in ("c1-gamble-1", "c1-gamble-2", "x"):
        form = _form(sam, playing["ada"], turn)
        for name in (*FIELDS, "danger"):
            assert drawn(form, name) == _field_html(_form(sam, playing["ada"], turn), name)
        assert f'id="g{sam.pk}-{turn}_intent"' in drawn(form, "intent")
        assert f'value="{turn}"' in drawn(form, "request_id")
        assert TURN not in "".join(drawn(form, name) for name in FIELDS)


def test_a_field_is_drawn_once_for_every_turn_and_again_when_its_choices_change(sam, playing):
    ada = playing["ada"]
    first = drawn(_form(sam, ada, "c1-gamble-1"), "knacks")
    # The next turn's Knacks: nothing drawn again.
    drawn_again = []

    def counting(form: GambleForm) -> str:
        before = _groups()
        html = drawn(form, "knacks")
        drawn_again.append(_groups() - before)
        return html

    second = counting(_form(sam, ada, "c1-gamble-2"))
    assert drawn_again == [0]
    assert second == first.replace("c1-gamble-1", "c1-gamble-2")
    Knack.objects.create(character=sam, text="Reading lips across a ballroom")
    third = counting(_form(sam, ada, "c1-gamble-3"))
    assert drawn_again == [0, 1]
    assert "Reading lips across a ballroom" in third
    assert "Talking my way past a doorman &lt;b&gt;" in third


def test_a_filled_in_form_is_drawn_afresh_with_what_was_typed_and_its_errors(sam, playing):
    data = {"request_id": "c1-gamble-1", "intent": "climb <up>", "advantages": "99"}
    form = _form(sam, playing["ada"], "c1-gamble-1", data)
    assert not form.is_valid()
    advantages = drawn(form, "advantages")
    assert "errorlist" in advantages
    assert 'value="99"' in advantages
    assert 'value="climb &lt;up&gt;"' in drawn(form, "intent")
    assert drawn(form, "advantages") == _field_html(form, "advantages")


def test_the_stand_in_turn_is_no_one_typed_text(sam, playing):
    """The stand-in is random to the process: a Knack named like a turn stays as typed."""
    Knack.objects.create(character=sam, text="turn c1-gamble-1 x")
    html = drawn(_form(sam, playing["ada"], "c1-gamble-9"), "knacks")
    assert "turn c1-gamble-1 x" in html
    assert len(TURN) > 20
