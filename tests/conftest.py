import os

import pytest
from django.contrib.auth import get_user_model

# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make
# alongside it are still plain synchronous calls, so let Django allow them.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "a-long-pulp-password-42"


@pytest.fixture(autouse=True)
def _fast_password_hashing(request, settings):
    # Real hashing is deliberately slow; the test client's users don't need it. Browser tests
    # keep it: their users log in through a real server with the real hashers.
    if request.node.get_closest_marker("browser") is None:
        settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def password() -> str:
    return PASSWORD


@pytest.fixture
def make_user(db):
    def make(username: str = "alice"):
        return get_user_model().objects.create_user(username=username, password=PASSWORD)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client
