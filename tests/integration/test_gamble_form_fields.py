"""A Gamble form's fields as the Gamble panel draws them: each turn's ids its own, the hero's
Knacks and Equipment as typed (escaped), a new Knack offered on the next turn, and a refused
form drawn with what was typed and its errors."""

import pytest

from characters.models import Character, Equipment, Knack
from sessions.forms.gamble import GambleForm
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


def test_each_turn_draws_its_own_ids_and_the_heroes_own_words(sam, playing):
    for turn in ("c1-gamble-1", "c1-gamble-2"):
        form = _form(sam, playing["ada"], turn)
        assert f'id="g{sam.pk}-{turn}_intent"' in drawn(form, "intent")
        assert f'value="{turn}"' in drawn(form, "request_id")
        knacks = drawn(form, "knacks")
        assert "Talking my way past a doorman &lt;b&gt;" in knacks
        assert "A crowbar &amp; a torch" in drawn(form, "equipment")
        others = "c1-gamble-2" if turn == "c1-gamble-1" else "c1-gamble-1"
        assert others not in "".join(drawn(form, name) for name in FIELDS)


def test_a_new_knack_is_offered_on_the_next_turn(sam, playing):
    ada = playing["ada"]
    assert "Reading lips" not in drawn(_form(sam, ada, "c1-gamble-1"), "knacks")
    Knack.objects.create(character=sam, text="Reading lips across a ballroom")
    knacks = drawn(_form(sam, ada, "c1-gamble-2"), "knacks")
    assert "Reading lips across a ballroom" in knacks
    assert "Talking my way past a doorman &lt;b&gt;" in knacks


def test_a_filled_in_form_is_drawn_with_what_was_typed_and_its_errors(sam, playing):
    data = {"request_id": "c1-gamble-1", "intent": "climb <up>", "advantages": "99"}
    form = _form(sam, playing["ada"], "c1-gamble-1", data)
    assert not form.is_valid()
    advantages = drawn(form, "advantages")
    assert "errorlist" in advantages
    assert 'value="99"' in advantages
    assert "climb &lt;up&gt;</textarea>" in drawn(form, "intent")
