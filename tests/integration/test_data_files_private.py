"""The SQLite file holds password hashes: its folder and files are the owner's alone."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

pytestmark = pytest.mark.django_db


def test_a_new_data_folder_and_database_are_private(tmp_path):
    data = tmp_path / "data"
    env = {**os.environ, "DATA_DIR": str(data), "DJANGO_SETTINGS_MODULE": "enigma_site.settings"}
    env.pop("DATABASE_URL", None)
    script = (
        "import django; django.setup(); "
        "from django.db import connection; connection.ensure_connection()"
    )
    subprocess.run([sys.executable, "-c", script], env=env, check=True, cwd=settings.BASE_DIR)
    assert data.stat().st_mode & 0o777 == 0o700
    database = data / "enigma.sqlite3"
    assert database.stat().st_mode & 0o777 == 0o600
    for name in ("enigma.sqlite3-wal", "enigma.sqlite3-shm"):
        if (data / name).exists():
            assert (data / name).stat().st_mode & 0o777 == 0o600


def test_the_open_database_and_its_journal_are_private():
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL keeps its own files")
    connection.ensure_connection()
    name = str(connection.settings_dict["NAME"])
    for path in (Path(name), Path(f"{name}-wal"), Path(f"{name}-shm")):
        assert path.stat().st_mode & 0o777 == 0o600, path
