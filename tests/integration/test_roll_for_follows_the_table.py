"""The Director's Roll-for page follows the table: as the table changes (Peril dealt, a Lucky
Save spent on the player's phone), it asks for the hero's panel again, by htmx, and gets the
panel alone, as it stands, its forms still ready to send without htmx."""

import pytest

from characters.models import Character
from tests.conftest import HTMX, player_client

pytestmark = pytest.mark.django_db


def test_the_page_asked_by_htmx_is_the_heros_panel_as_it_stands(director, playing):
    Character.objects.filter(pk=playing["sam"].pk).update(peril=3, lucky_saves=1)
    response = director.get(playing["url"] + f"for/{playing['sam'].pk}/", headers=HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Peril 3/" in text
    assert "Lucky Saves 1" in text
    assert "csrfmiddlewaretoken" in text  # its forms are sent as plain forms
    assert "<html" not in text
    assert "Rolling for" not in text  # the page around the panel is not drawn again


def test_only_the_director_gets_a_heros_panel(playing, make_user):
    sam, ada = playing["sam"], playing["ada"]
    path = playing["url"] + f"for/{ada.pk}/"
    assert player_client(sam).get(path, headers=HTMX).status_code == 404
    outsider = player_client(Character.objects.create(owner=make_user("dave"), name="Kit"))
    assert outsider.get(path, headers=HTMX).status_code == 404
