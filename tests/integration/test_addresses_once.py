"""`{% url %}` works each address out once a process (`enigma_site.templatetags.reversed`),
and answers exactly as Django's own tag does."""

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.urls import NoReverseMatch, clear_script_prefix, reverse, set_script_prefix

from enigma_site.templatetags import reversed as addresses


def _draw(text: str, **context) -> str:
    return Template(text).render(Context(context))


def test_the_tag_answers_as_reverse_does_and_asks_the_resolver_once(monkeypatch):
    asked = []
    original = addresses.reverse

    def counting(*args, **kwargs):
        asked.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(addresses, "reverse", counting)
    addresses.forget()
    text = "{% url 'gamble_roll' adventure character %}|{% url 'table' pk=adventure %}"
    first = _draw(text, adventure=7, character=12)
    assert first == f"{reverse('gamble_roll', args=[7, 12])}|{reverse('table', args=[7])}"
    assert _draw(text, adventure="7", character=12) == first  # the same address
    assert len(asked) == 2
    assert _draw(text, adventure=8, character=12) != first
    assert len(asked) == 4


def test_as_a_variable_and_a_name_that_does_not_exist():
    assert _draw("{% url 'table' 3 as where %}<{{ where }}>") == f"<{reverse('table', args=[3])}>"
    assert _draw("{% url 'no-such-page' as where %}<{{ where }}>") == "<>"
    with pytest.raises(NoReverseMatch):
        _draw("{% url 'no-such-page' %}")
    with pytest.raises(TemplateSyntaxError):
        Template("{% url %}")


def test_an_address_under_another_script_prefix_is_worked_out_again():
    addresses.forget()
    plain = _draw("{% url 'table' 5 %}")
    try:
        set_script_prefix("/enigma/")
        assert _draw("{% url 'table' 5 %}") == "/enigma" + plain
    finally:
        clear_script_prefix()
    assert _draw("{% url 'table' 5 %}") == plain


def test_a_new_urlconf_forgets_the_addresses(settings):
    _draw("{% url 'table' 5 %}")
    assert addresses._known
    settings.ROOT_URLCONF = "tests.bench.urls"  # a test swapping the URLconf
    assert not addresses._known
