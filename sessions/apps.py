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
        # The consequence deck is a data file (deck.toml): read and checked now, so a malformed
        # card stops the start-up with its name, not a Director's first blunder. (The
        # archetypes, characters/archetypes.toml, are read as characters' models load.)
        import sessions.consequences.deck  # noqa: F401

        # characters can't import us, so we tell it how to find a hero's fellow Cast members.
        from characters.cast import register_fellows_finder, register_tumult_knockout_finder
        from sessions.cast import fellows_in_cast, knocked_out_in_tumult

        register_fellows_finder(fellows_in_cast)
        # ...and whether a hero who is out fell in the Tumult still on (the sheet says how long).
        register_tumult_knockout_finder(knocked_out_in_tumult)

        # ...and how to read a hero's career from the tables they sat at.
        from characters.career import register_career_reader
        from sessions.careers import career

        register_career_reader(career)

        # A handout's files go with it: deleted alone, or with its Adventure.
        from django.db.models.signals import post_delete

        from characters import pictures
        from sessions.models import Handout

        def handout_gone(sender, instance, **kwargs) -> None:
            pictures.forget(instance.display, instance.thumb)

        post_delete.connect(handout_gone, sender=Handout, dispatch_uid="handout-files")

        # What undoable table actions change is written down, for the Director's undo.
        from sessions.actions import journal

        journal.connect()

        # A login session deleted (a logout) or a user saved (a new password) makes that user's
        # open table streams ask again whether they may stay open.
        from django.contrib.auth import get_user_model
        from django.contrib.sessions.models import Session
        from django.db.models.signals import post_save

        from sessions.channel import session_ended, user_changed

        post_delete.connect(session_ended, sender=Session, dispatch_uid="table-streams-session")
        post_save.connect(user_changed, sender=get_user_model(), dispatch_uid="table-streams-user")

        # A hero edited on its sheet: its Cast is drawn again live on every screen of a table
        # in play (a new face; an event, written first), and it is a new moment of every
        # table it sits at, so the drawings kept of them are drawn again (`sessions.parts.kept`,
        # after the event: a drawing kept in between would be of the moment before).
        from characters.signals import hero_edited
        from sessions.actions import cast
        from sessions.parts import kept

        hero_edited.connect(cast.hero_edited, dispatch_uid="table-cast-hero")
        hero_edited.connect(kept.hero_edited, dispatch_uid="table-drawings-hero")
