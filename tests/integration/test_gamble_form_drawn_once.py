"""A Gamble form's fields are drawn once a process for every form of their shape, each handed
out with its own turn (`sessions.forms.drawn.DrawnFields`): the HTML is what Django draws."""

import pytest

from characters.models import Character, Equipment, Knack
from sessions.forms.drawn import DrawnFields, _field_html, drawings
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


def test_each_field_is_drawn_as_django_draws_it_whatever_the_turn(sam, playing):
    for turn in ("c1-gamble-1", "c1-gamble-2", "x"):
        form = _form(sam, playing["ada"], turn)
        for name in (*FIELDS, "danger"):
            assert form.drawn[name] == _field_html(_form(sam, playing["ada"], turn), name)
        assert f'id="g{sam.pk}-{turn}_intent"' in form.drawn["intent"]
        assert f'value="{turn}"' in form.drawn["request_id"]
        assert DrawnFields.TURN not in "".join(form.drawn[name] for name in FIELDS)


def test_a_field_is_drawn_once_for_every_turn_and_again_when_its_choices_change(sam, playing):
    ada = playing["ada"]
    first = _form(sam, ada, "c1-gamble-1").drawn["knacks"]
    # The next turn's Knacks: nothing drawn again.
    drawn = []
    original = DrawnFields.__getitem__

    def counting(self, name):
        before = len(drawings._drawn)
        html = original(self, name)
        drawn.append(len(drawings._drawn) - before)
        return html

    DrawnFields.__getitem__ = counting
    try:
        second = _form(sam, ada, "c1-gamble-2").drawn["knacks"]
        assert drawn == [0]
        assert second == first.replace("c1-gamble-1", "c1-gamble-2")
        Knack.objects.create(character=sam, text="Reading lips across a ballroom")
        third = _form(sam, ada, "c1-gamble-3").drawn["knacks"]
        assert drawn == [0, 1]
    finally:
        DrawnFields.__getitem__ = original
    assert "Reading lips across a ballroom" in third
    assert "Talking my way past a doorman &lt;b&gt;" in third


def test_a_filled_in_form_is_drawn_afresh_with_what_was_typed_and_its_errors(sam, playing):
    data = {"request_id": "c1-gamble-1", "intent": "climb <up>", "advantages": "99"}
    form = _form(sam, playing["ada"], "c1-gamble-1", data)
    assert not form.is_valid()
    advantages = form.drawn["advantages"]
    assert "errorlist" in advantages
    assert 'value="99"' in advantages
    assert 'value="climb &lt;up&gt;"' in form.drawn["intent"]
    assert form.drawn["advantages"] == _field_html(form, "advantages")


def test_the_stand_in_turn_is_no_one_typed_text(sam, playing):
    """The stand-in is random to the process: a Knack named like a turn stays as typed."""
    Knack.objects.create(character=sam, text="turn c1-gamble-1 x")
    html = _form(sam, playing["ada"], "c1-gamble-9").drawn["knacks"]
    assert "turn c1-gamble-1 x" in html
    assert len(DrawnFields.TURN) > 20
