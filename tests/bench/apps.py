from django.apps import AppConfig


class BenchConfig(AppConfig):
    """The bench's one table (`Tick`), made by `migrate --run-syncdb`: it has no migrations."""

    name = "tests.bench"
    label = "bench"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tests.bench import memory

        memory.install()
