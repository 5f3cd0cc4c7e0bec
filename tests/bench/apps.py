from django.apps import AppConfig
from django.conf import settings


class BenchConfig(AppConfig):
    """The bench's one table (`Tick`), made by `migrate --run-syncdb`: it has no migrations."""

    name = "tests.bench"
    label = "bench"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tests.bench import memory

        memory.install()
        without = getattr(settings, "WITHOUT", set())
        if "prepared" in without:
            _plain_prepared()


def _plain_prepared() -> None:
    """Every prepared read compiled by Django on every call, as a plain queryset is."""
    from sessions.models.prepared import Prepared

    def call(self, *values) -> list:
        return list(self._build(*values))

    def get(self, *values):
        queryset = self._build(*values)
        rows = list(queryset)
        if not rows:
            raise queryset.model.DoesNotExist("No row matches the prepared read.")
        if len(rows) > 1:
            raise queryset.model.MultipleObjectsReturned(f"{len(rows)} rows, not one.")
        return rows[0]

    Prepared.__call__, Prepared.get = call, get
