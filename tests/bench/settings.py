"""The site's own settings, plus the bench's minimal write view (`tests.bench.floor`): the
servers the bench starts run with these, so every figure goes through the production stack.

BENCH_WITHOUT (read by the bench only, never by the site): a comma-separated list of the
site's speed-ups to turn off, for the side-by-side stage that measures each against the plain
Django way (`tests.bench.apps` turns them off)."""

import os

from enigma_site.settings import *  # noqa: F403
from enigma_site.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.bench.apps.BenchConfig"]
ROOT_URLCONF = "tests.bench.urls"

# Read by `tests.bench.apps`.
WITHOUT = {name for name in os.environ.get("BENCH_WITHOUT", "").split(",") if name}
