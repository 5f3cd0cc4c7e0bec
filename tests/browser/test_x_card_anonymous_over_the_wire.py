"""The X-card records nothing of who pressed it, against the real server: its stored event and
a backup made with `manage.py backup` hold neither the presser's id, nor their name, nor their
page's request id; a Retry of the same press is still known as one."""

import io
import sqlite3
import subprocess

import pytest
from django.core.management import call_command
from django.db import connection

from sessions.models import Adventure, TableEvent
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REQUEST_ID = "xcardpress7Qm2vT9"


def _backed_up_text(path) -> bytes:
    """Every byte of the backup's rows, readable: the SQLite file itself, or PostgreSQL's
    custom-format dump turned back into SQL."""
    if connection.vendor == "sqlite":
        return path.read_bytes()
    return subprocess.run(
        ["pg_restore", "--data-only", "-f", "-", str(path)], capture_output=True, check=True
    ).stdout


def test_the_x_card_row_and_the_backup_hold_nothing_of_who_pressed_it(
    asgi_server, playing, password, tmp_path
):
    ada = playing["ada"]
    carol = Visitor(asgi_server, ada.owner, password)
    assert carol.get(playing["url"])[0] == 200
    press = {"X-Request-ID": REQUEST_ID}
    status, _ = carol.request("POST", playing["url"] + "x-card/", headers=press)
    assert status == 200
    assert Adventure.objects.get(pk=playing["adventure"].pk).paused
    # The same press sent again (a Retry after a lost answer) is answered as done, once.
    status, _ = carol.request("POST", playing["url"] + "x-card/", headers=press)
    assert status == 200
    assert TableEvent.objects.filter(kind="x_card").count() == 1

    row = TableEvent.objects.values().get(kind="x_card")
    assert row["actor_id"] is None
    assert row["character_id"] is None
    stored = " ".join(str(value) for value in row.values())
    assert REQUEST_ID not in stored
    assert f"{ada.owner.pk}:" not in row["request_key"]
    assert ada.owner.username not in stored
    assert "Ada" not in stored
    assert row["request_key"]  # still keyed, for the Retry

    path = tmp_path / ("enigma.sqlite3" if connection.vendor == "sqlite" else "enigma.dump")
    call_command("backup", str(path), stdout=io.StringIO())
    backed_up = _backed_up_text(path)
    assert REQUEST_ID.encode() not in backed_up
    assert f"{ada.owner.pk}:{REQUEST_ID}".encode() not in backed_up
    assert row["request_key"].encode() in backed_up  # the row is there, keyed as stored
    if connection.vendor == "sqlite":
        with sqlite3.connect(path) as copy:
            (key,) = copy.execute(
                f"SELECT request_key FROM {TableEvent._meta.db_table} WHERE kind = 'x_card'"
            ).fetchone()
        assert key == row["request_key"]
