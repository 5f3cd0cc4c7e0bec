from django.db import models


class LoginFailure(models.Model):
    """One failed login, kept for a while to slow down password guessing.

    Kept in the database rather than a per-process cache so that every server process behind
    the same PostgreSQL counts the same failures.
    """

    username = models.CharField(max_length=150, db_index=True)
    address = models.GenericIPAddressField(null=True, db_index=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.username} from {self.address} at {self.at:%Y-%m-%d %H:%M}"
