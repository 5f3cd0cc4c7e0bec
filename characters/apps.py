from django.apps import AppConfig


class CharactersConfig(AppConfig):
    name = "characters"
    verbose_name = "Characters"
    default_auto_field = "django.db.models.BigAutoField"
