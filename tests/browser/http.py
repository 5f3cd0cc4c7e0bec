"""A tiny HTTP client for talking to the real test server as a logged-in person."""

import contextlib
import http.cookiejar
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from django.conf import settings


class Visitor:
    """Someone at the table, with their own cookies (session and CSRF)."""

    def __init__(self, base_url: str, user=None, password: str = "") -> None:
        self.base_url = base_url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        if user is not None:
            self.get("/accounts/login/")
            status, _ = self.post(
                "/accounts/login/", {"username": user.username, "password": password}
            )
            assert status == 200, f"{user.username} could not log in ({status})"

    @property
    def csrf(self) -> str:
        return next((c.value for c in self.jar if c.name == settings.CSRF_COOKIE_NAME), "")

    def request(self, method: str, path: str, data=None, headers=None) -> tuple[int, str]:
        body = urllib.parse.urlencode(data or {}, doseq=True).encode() if method == "POST" else None
        request = urllib.request.Request(self.base_url + path, data=body, method=method)
        request.add_header("Referer", self.base_url + "/")
        if method == "POST":
            request.add_header("X-CSRFToken", self.csrf)
            request.add_header("HX-Request", "true")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def get(self, path: str) -> tuple[int, str]:
        return self.request("GET", path)

    def post(self, path: str, data=None) -> tuple[int, str]:
        return self.request("POST", path, data)

    def upload(
        self,
        path: str,
        field: str,
        filename: str,
        content: bytes,
        fields: dict | None = None,
        charset: str = "",
    ) -> tuple[int, str]:
        """POST one file as a form does (multipart), following a redirect as a browser does;
        ``fields``: the form's other fields, as raw bytes (so they may be any bytes at all);
        ``charset``: a character set the body says it is in, if any."""
        boundary = uuid.uuid4().hex
        others = b"".join(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode()
            + value
            + b"\r\n"
            for name, value in (fields or {}).items()
        )
        head = (
            f"--{boundary}\r\n"
            f'Content-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n"
        )
        body = others + head.encode() + content + f"\r\n--{boundary}--\r\n".encode()
        request = urllib.request.Request(self.base_url + path, data=body, method="POST")
        content_type = f"multipart/form-data; boundary={boundary}"
        request.add_header(
            "Content-Type", content_type + (f"; charset={charset}" if charset else "")
        )
        request.add_header("X-CSRFToken", self.csrf)
        request.add_header("Referer", self.base_url + "/")
        try:
            with self.opener.open(request, timeout=300) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


class Listener(threading.Thread):
    """Reads an event stream in the background and keeps everything it received."""

    def __init__(self, visitor: Visitor, path: str) -> None:
        super().__init__(daemon=True)
        self.visitor, self.path = visitor, path
        self.received = ""
        self.opened = threading.Event()
        self._stop = threading.Event()
        self.response = None

    def run(self) -> None:
        request = urllib.request.Request(self.visitor.base_url + self.path)
        try:
            with self.visitor.opener.open(request, timeout=60) as response:
                self.response = response
                self.opened.set()
                while not self._stop.is_set():
                    line = response.readline()
                    if not line:
                        break
                    self.received += line.decode()
        except (OSError, AttributeError, ValueError):
            # Closed from the test thread while reading: that's how a listener stops.
            if not self._stop.is_set():
                raise

    def wait_for(self, text: str, seconds: float = 10) -> bool:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if text in self.received:
                return True
            time.sleep(0.02)
        return False

    def stop(self) -> None:
        self._stop.set()
        if self.response is not None:
            # Shut the socket rather than close the response: a close waits for the reader.
            with contextlib.suppress(OSError, AttributeError):
                self.response.fp.raw._sock.shutdown(socket.SHUT_RDWR)
