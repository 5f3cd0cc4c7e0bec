from django.apps import AppConfig


class CharactersConfig(AppConfig):
    name = "characters"
    verbose_name = "Characters"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A hero's portrait goes with the hero (once the deletion commits).
        from django.db.models.signals import post_delete

        from characters import pictures
        from characters.models import Character

        def portrait_gone(sender, instance, **kwargs) -> None:
            pictures.forget(instance.portrait, instance.portrait_thumb)

        post_delete.connect(portrait_gone, sender=Character, dispatch_uid="portrait-files")
