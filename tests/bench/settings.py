"""The site's own settings, plus the bench's minimal write view (`tests.bench.floor`): the
servers the bench starts run with these, so every figure goes through the production stack."""

from enigma_site.settings import *  # noqa: F403
from enigma_site.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.bench.apps.BenchConfig"]
ROOT_URLCONF = "tests.bench.urls"
