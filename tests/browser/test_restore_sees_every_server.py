"""`manage.py restore` on PostgreSQL sees every server process serving the database, whatever
its connections are called (a DATABASE_URL may name them with ``application_name``): each
holds an advisory lock that restore takes alone. And no server starts while a restore runs."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from enigma_site import one_server
from sessions.models import TableEvent
from tests.browser.conftest import (
    OWN,
    _test_database_env,
    running_server,
    shared_server_paused,
)
from tests.browser.http import Visitor

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="on SQLite restore takes the file lock test_restore_under_a_running_server "
        "covers; CI runs this on PostgreSQL",
    ),
]


def _named(name: str) -> dict[str, str]:
    """The server's environment with its connections called ``name``."""
    return {"DATABASE_URL": f"{_test_database_env()['DATABASE_URL']}?application_name={name}"}


def _connections_called(name: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND application_name = %s",
            [name],
        )
        return cursor.fetchone()[0]


def test_restore_refuses_while_a_server_with_its_own_connection_name_serves(
    asgi_server, playing, password, tmp_path
):
    path = tmp_path / "enigma.dump"
    with shared_server_paused(on_postgresql=True):
        assert one_server.claim() is None  # nothing serves the database now
        one_server.release()
        with running_server("named-server", env=_named("tavern-night")) as server:
            sam = Visitor(server, playing["sam"].owner, password)
            assert sam.get(playing["url"])[0] == 200
            assert _connections_called("tavern-night") >= 1
            assert _connections_called("enigma-table-server") == 0
            call_command("backup", str(path), stdout=io.StringIO())
            after = TableEvent.objects.create(
                adventure=playing["adventure"], kind="note", summary="Written after the backup"
            )
            with pytest.raises(CommandError) as refused:
                call_command("restore", str(path), "--yes", stdout=io.StringIO())
            assert "is serving database" in str(refused.value)
            assert TableEvent.objects.filter(pk=after.pk).exists()
            assert "Written after the backup" in sam.get(playing["url"])[1]


def test_a_server_does_not_start_while_a_restore_holds_the_database(asgi_server):
    with shared_server_paused(on_postgresql=True):
        assert one_server.claim() is None  # what restore takes while it works
        try:
            with (
                pytest.raises(RuntimeError, match="exited"),
                running_server("refused-server", env=_named("tavern-night")),
            ):
                pass
        finally:
            one_server.release()
        log = (OWN / "refused-server.log").read_text()
        assert "A restore is replacing the PostgreSQL database" in log
        with running_server("after-restore", env=_named("tavern-night")) as server:
            assert Visitor(server).get("/")[0] == 200
