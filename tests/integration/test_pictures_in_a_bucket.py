"""Pictures in an S3-compatible bucket (MEDIA_STORAGE=s3, through django-storages): stored,
served through the same checks, deleted with their rows, backed up and restored. The bucket is
a real S3 API on loopback (moto's server), not a mock of the library."""

import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import boto3
import pytest

from sessions.models import Handout
from tests.conftest import player_client
from tests.images import picture, upload

pytestmark = pytest.mark.django_db

BUCKET = "enigma-pictures"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def s3_endpoint():
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            urllib.request.urlopen(url, timeout=1)
            break
        time.sleep(0.1)
    yield url
    server.terminate()
    server.wait(timeout=10)


@pytest.fixture
def bucket(s3_endpoint, settings, monkeypatch):
    """The site's pictures in a fresh bucket, configured as MEDIA_STORAGE=s3 configures it."""
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "test-key")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "test-secret")
    client = boto3.client("s3", endpoint_url=s3_endpoint, region_name="us-east-1")
    client.create_bucket(Bucket=BUCKET)
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": BUCKET,
                "endpoint_url": s3_endpoint,
                "region_name": "us-east-1",
                "location": "enigma",
                "default_acl": "private",
                "file_overwrite": False,
                "querystring_auth": True,
            },
        },
    }
    yield client
    objects = client.list_objects_v2(Bucket=BUCKET).get("Contents", [])
    for item in objects:
        client.delete_object(Bucket=BUCKET, Key=item["Key"])
    client.delete_bucket(Bucket=BUCKET)


def _keys(client) -> list[str]:
    return sorted(o["Key"] for o in client.list_objects_v2(Bucket=BUCKET).get("Contents", []))


def test_a_handout_lives_in_the_bucket_and_is_served_through_the_checks(
    bucket, director, playing, settings, django_capture_on_commit_callbacks
):
    from sessions.actions import handouts

    response = director.post(
        f"/adventures/{playing['adventure'].pk}/handouts/new/",
        {"caption": "The map", "picture": upload(picture("PNG"))},
    )
    assert response.status_code == 302
    handout = Handout.objects.get()
    keys = _keys(bucket)
    assert keys == sorted(f"enigma/{name}" for name in (handout.display, handout.thumb))
    assert not list(Path(settings.MEDIA_ROOT).rglob("*.webp"))  # nothing on the local disk
    url = f"/pictures/handouts/{handout.pk}/{Path(handout.display).name}"
    sam = player_client(playing["sam"])
    assert sam.get(url).status_code == 404  # secret until revealed
    handouts.reveal(playing["adventure"], handout.pk, playing["adventure"].director)
    served = sam.get(url)
    assert served.status_code == 200
    body = b"".join(served.streaming_content)
    stored = bucket.get_object(Bucket=BUCKET, Key=f"enigma/{handout.display}")["Body"].read()
    assert body == stored
    with django_capture_on_commit_callbacks(execute=True):
        director.post(f"/adventures/{playing['adventure'].pk}/handouts/{handout.pk}/delete/")
    assert _keys(bucket) == []


def test_the_bucket_is_backed_up_and_restored(bucket, director, playing, tmp_path):
    from enigma_site.management.commands.backup import write_media
    from enigma_site.management.commands.restore import check_media, restore_media

    sam = playing["sam"]
    assert (
        player_client(sam)
        .post(f"/characters/{sam.pk}/portrait/", {"portrait": upload(picture())})
        .status_code
        == 302
    )
    before = {
        key: bucket.get_object(Bucket=BUCKET, Key=key)["Body"].read() for key in _keys(bucket)
    }
    assert len(before) == 2
    archive = tmp_path / "enigma.sqlite3.media.tar"
    assert write_media(archive) == 2
    for key in before:
        bucket.delete_object(Bucket=BUCKET, Key=key)
    bucket.put_object(Bucket=BUCKET, Key="enigma/portraits/since-the-backup.webp", Body=b"x")
    assert restore_media(check_media(archive)) == 2
    after = {key: bucket.get_object(Bucket=BUCKET, Key=key)["Body"].read() for key in _keys(bucket)}
    assert after == before
