"""`manage.py backup` and `manage.py restore`, on whichever database the suite runs against.

Transactional: the commands read and write the database through their own connections (sqlite3,
pg_dump, pg_restore), which only see committed rows.
"""

import io
import os
import sqlite3
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from characters.models import Character
from sessions import live
from sessions.models import Adventure, CastMember, Danger, KeyLocation, Leg, Scene, TableEvent

pytestmark = pytest.mark.django_db(transaction=True)

MODELS = [
    get_user_model(),
    Character,
    Adventure,
    Leg,
    Scene,
    KeyLocation,
    Danger,
    CastMember,
    TableEvent,
]
SUFFIX = ".sqlite3" if connection.vendor == "sqlite" else ".dump"


def snapshot() -> dict[str, list[dict]]:
    """Every row of every model that matters, every field, in id order."""
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in MODELS}


def backup(path: Path) -> str:
    out = io.StringIO()
    call_command("backup", str(path), stdout=out)
    return out.getvalue()


def restore(path: Path, *args: str) -> str:
    out = io.StringIO()
    call_command("restore", str(path), *args, stdout=out)
    return out.getvalue()


def wipe() -> None:
    Adventure.objects.all().delete()
    Character.objects.all().delete()
    get_user_model().objects.all().delete()


@pytest.fixture
def backed_up(playing, tmp_path) -> tuple[Path, dict[str, list[dict]]]:
    """A game under way, backed up; the file and what the database held when it was made."""
    path = tmp_path / f"enigma{SUFFIX}"
    output = backup(path)
    assert str(path) in output
    assert path.stat().st_size > 0
    return path, snapshot()


def test_restore_brings_back_exactly_what_was_backed_up(backed_up, playing):
    path, before = backed_up
    events = list(TableEvent.objects.order_by("pk").values_list("pk", "kind", "summary", "data"))
    assert len(events) >= 2  # the Leg and the Scene were started
    wipe()
    Adventure.objects.create(director=get_user_model().objects.create(username="newcomer"))
    assert snapshot() != before

    output = restore(path, "--yes")

    assert "Restored" in output
    assert snapshot() == before
    adventure = Adventure.objects.get()
    assert (adventure.pk, adventure.title, adventure.status) == (
        playing["adventure"].pk,
        "The Clockwork Monsoon",
        Adventure.Status.PLAYING,
    )
    sam = Character.objects.get(pk=playing["sam"].pk)
    assert (sam.name, sam.blammo, sam.peril, sam.lucky_saves) == (
        "Sam Okafor",
        2,
        playing["sam"].peril,
        playing["sam"].lucky_saves,
    )
    assert Character.objects.get(pk=playing["ada"].pk).catchphrase == "Stop the presses!"
    assert set(adventure.cast.values_list("character__name", flat=True)) == {"Sam Okafor", "Ada"}
    again = list(TableEvent.objects.order_by("pk").values_list("pk", "kind", "summary", "data"))
    assert again == events
    assert not get_user_model().objects.filter(username="newcomer").exists()


def test_the_restored_database_takes_new_writes(backed_up, playing):
    path, _ = backed_up
    wipe()
    restore(path, "--yes")
    adventure = Adventure.objects.get()
    newest = TableEvent.objects.order_by("-pk").first()
    # Ids carry on after the restored ones (on PostgreSQL the sequences come back too).
    event = TableEvent.objects.create(adventure=adventure, kind="note", summary="After restore")
    assert event.pk > newest.pk


def test_after_a_restore_no_event_id_given_out_before_is_given_again(backed_up, playing):
    """A page that saw events written after the backup must never mistake a new event for
    one of them: ids carry on above every id given out, and its Last-Event-ID gets a
    snapshot."""
    path, _ = backed_up
    adventure = playing["adventure"]
    lost = [
        TableEvent.objects.create(adventure=adventure, kind="note", summary=f"Lost {n}").pk
        for n in range(5)
    ]
    restore(path, "--yes")
    assert not TableEvent.objects.filter(pk__in=lost).exists()
    event = TableEvent.objects.create(adventure=adventure, kind="note", summary="After restore")
    assert event.pk > max(lost)
    # A page that had seen "Lost 2" reconnects: a snapshot, from the table as it is now.
    listener = live.Listener(adventure.pk, playing["sam"].owner_id)
    text, _ids, through, whole = live.catch_up(listener, lost[2])
    assert whole
    assert through == event.pk
    assert "After restore" in text


@pytest.mark.parametrize("damage", ["random bytes", "truncated backup"])
def test_a_corrupt_file_is_refused_and_nothing_changes(backed_up, tmp_path, damage):
    path, before = backed_up
    corrupt = tmp_path / f"corrupt{SUFFIX}"
    if damage == "random bytes":
        corrupt.write_bytes(os.urandom(64 * 1024))
    else:
        good = path.read_bytes()
        # SQLite: a third of the pages gone. pg_dump: the table of contents still reads but the
        # data ends early, so pg_restore gets under way and has to roll back.
        keep = len(good) * 2 // 3 if connection.vendor == "sqlite" else len(good) - 64
        corrupt.write_bytes(good[:keep])
    Character.objects.filter(name="Ada").update(peril=3)
    changed = snapshot()
    assert changed != before

    with pytest.raises(CommandError):
        restore(corrupt, "--yes")

    assert snapshot() == changed


def test_a_missing_file_is_refused(db, tmp_path):
    with pytest.raises(CommandError, match="no backup file"):
        restore(tmp_path / f"missing{SUFFIX}", "--yes")


def test_without_yes_and_no_terminal_restore_refuses(backed_up, monkeypatch):
    path, before = backed_up
    Character.objects.filter(name="Ada").update(peril=3)
    changed = snapshot()
    # Even "yes" piped in is no answer: only a person at a terminal, or --yes, may confirm.
    monkeypatch.setattr(sys, "stdin", io.StringIO("yes\n"))

    with pytest.raises(CommandError, match="--yes"):
        restore(path)

    assert snapshot() == changed != before


def test_backup_defaults_to_a_timestamped_file_in_the_data_folder(db, settings, tmp_path):
    settings.DATA_DIR = tmp_path
    output = backup_default()
    written, pictures = sorted((tmp_path / "backups").iterdir(), key=lambda p: len(p.name))
    assert written.name.startswith("enigma-")
    assert written.suffix == SUFFIX
    assert pictures.name == written.name + ".media.tar"
    assert str(written) in output
    assert str(pictures) in output


def backup_default() -> str:
    out = io.StringIO()
    call_command("backup", stdout=out)
    return out.getvalue()


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's online backup")
def test_sqlite_backup_runs_beside_an_open_write_and_copies_only_what_is_committed(
    backed_up, tmp_path
):
    _, before = backed_up
    # Another process in the middle of a write: WAL lets the backup read past it.
    writer = sqlite3.connect(connection.settings_dict["NAME"], autocommit=True)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute("UPDATE characters_character SET peril = 3")
        path = tmp_path / "during-write.sqlite3"
        backup(path)
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    copy = sqlite3.connect(path)
    try:
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
        perils = [row[0] for row in copy.execute("SELECT peril FROM characters_character")]
    finally:
        copy.close()
    assert perils == [row["peril"] for row in before["Character"]]
    assert 3 not in perils


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL backups (pg_dump)")
def test_a_missing_pg_dump_is_a_clear_error(db, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(CommandError, match="pg_dump was not found"):
        backup(tmp_path / "x.dump")


def _pictures(settings) -> dict[str, bytes]:
    root = Path(settings.MEDIA_ROOT)
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


@pytest.fixture
def pictured(playing, settings):
    """Sam has a portrait and the Director a handout: four files in the storage."""
    from characters import pictures
    from sessions.models import Handout
    from tests.images import picture, upload

    sam = Character.objects.get(pk=playing["sam"].pk)
    sam.set_portrait(pictures.store(pictures.open_picture(upload(picture())), "portraits",
                                    display=512, thumb=128, square=True))  # fmt: skip
    stored = pictures.store(
        pictures.open_picture(upload(picture("PNG"))), "handouts", display=1600, thumb=360
    )
    Handout.objects.create(
        adventure=playing["adventure"],
        caption="The map",
        display=stored.display,
        thumb=stored.thumb,
        digest=stored.digest,
    )
    assert len(_pictures(settings)) == 4
    return playing


def test_backup_and_restore_round_trip_the_pictures(pictured, settings, tmp_path):
    from characters import pictures
    from tests.images import picture, upload

    before_files = _pictures(settings)
    path = tmp_path / f"enigma{SUFFIX}"
    output = backup(path)
    assert "4 picture files" in output
    assert (tmp_path / f"enigma{SUFFIX}.media.tar").stat().st_mode & 0o777 == 0o600
    before = snapshot()
    # Lost: the handout's files; new since: another picture nobody will name after the restore.
    for name in list(before_files):
        if name.startswith("handouts/"):
            (Path(settings.MEDIA_ROOT) / name).unlink()
    pictures.store(pictures.open_picture(upload(picture())), "portraits", display=512, thumb=128)
    wipe()

    output = restore(path, "--yes")

    assert "Restored 4 picture files." in output
    assert snapshot() == before
    assert _pictures(settings) == before_files


def test_a_damaged_or_foreign_pictures_file_is_refused_and_nothing_changes(
    pictured, settings, tmp_path
):
    import tarfile

    path = tmp_path / f"enigma{SUFFIX}"
    backup(path)
    media = tmp_path / f"enigma{SUFFIX}.media.tar"
    good = media.read_bytes()
    Character.objects.filter(name="Ada").update(peril=3)
    changed, files = snapshot(), _pictures(settings)
    media.write_bytes(good[: len(good) // 2])
    with pytest.raises(CommandError, match="damaged"):
        restore(path, "--yes")
    assert (snapshot(), _pictures(settings)) == (changed, files)
    with tarfile.open(media, "w") as tar:
        for name, data in (("../../escape.txt", b"hi"), ("pictures.json", b'{"pictures": {}}')):
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    with pytest.raises(CommandError, match="not a picture"):
        restore(path, "--yes")
    assert (snapshot(), _pictures(settings)) == (changed, files)
    assert not (tmp_path.parent / "escape.txt").exists()


def test_a_backup_from_before_pictures_leaves_them_alone(pictured, settings, tmp_path):
    path = tmp_path / f"enigma{SUFFIX}"
    backup(path)
    (tmp_path / f"enigma{SUFFIX}.media.tar").unlink()
    files = _pictures(settings)
    output = restore(path, "--yes")
    assert "pictures left as they are" in output
    assert _pictures(settings) == files
