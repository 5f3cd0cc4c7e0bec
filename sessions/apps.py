from django.apps import AppConfig


class TableConfig(AppConfig):
    """The play side of Enigma Table: adventures, the table and the rules engine.

    The package is called ``sessions`` but Django's own ``django.contrib.sessions`` already owns
    that label, so this app answers to ``table``.
    """

    name = "sessions"
    label = "table"
    verbose_name = "Adventures and the table"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # characters can't import us, so we tell it how to find a hero's fellow Cast members.
        from characters.cast import register_fellows_finder
        from sessions.cast import fellows_in_cast

        register_fellows_finder(fellows_in_cast)
