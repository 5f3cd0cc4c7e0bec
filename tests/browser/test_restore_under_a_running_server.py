"""`manage.py restore` against a database a real server is serving: refused, with how to stop
the server, and nothing changed. (A server left running would go on sending its pages the
drawings of a table that no longer exists.)"""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from sessions.models import TableEvent
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_restore_refuses_while_a_server_serves_the_database(
    asgi_server, playing, password, tmp_path
):
    sam = Visitor(asgi_server, playing["sam"].owner, password)
    assert sam.get(playing["url"])[0] == 200  # the server is up, serving this database
    path = tmp_path / ("enigma.sqlite3" if connection.vendor == "sqlite" else "enigma.dump")
    call_command("backup", str(path), stdout=io.StringIO())
    after = TableEvent.objects.create(
        adventure=playing["adventure"], kind="note", summary="Written after the backup"
    )
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(path), "--yes", stdout=io.StringIO())
    message = str(refused.value)
    assert "is serving database" in message
    assert "Stop it first" in message
    assert "Nothing was changed" in message
    assert TableEvent.objects.filter(pk=after.pk).exists()
    # The server carries on as it was.
    status, page = sam.get(playing["url"])
    assert status == 200
    assert "Written after the backup" in page
