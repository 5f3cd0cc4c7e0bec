"""`manage.py createdirector NAME`: the first account on a new site, made on the server.

Any account can prep and run Adventures (its owner is their Director); this one is simply
made before anyone can sign up, e.g. on a site whose sign-up page isn't reachable yet. The
password is asked for twice at a terminal, or read from an environment variable for scripts
(`--password-from-env`, DIRECTOR_PASSWORD by default): never from the command line, where
any local user could read it in the process list.
"""

import getpass
import os
import sys
from typing import Any

from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Make a Director's account (asks for the password, or --password-from-env)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", help="The name they log in with.")
        parser.add_argument(
            "--password-from-env",
            nargs="?",
            const="DIRECTOR_PASSWORD",
            metavar="VARIABLE",
            help="Read the password from this environment variable (default: %(const)s) "
            "instead of asking.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        users = get_user_model()
        username: str = options["username"].strip()
        user = users(username=username)
        try:
            user.full_clean(exclude=["password"])
        except ValidationError as error:
            raise CommandError(_plain(error, f"“{username}” can't be a username")) from None
        password = self.password(options["password_from_env"])
        try:
            password_validation.validate_password(password, user)
        except ValidationError as error:
            raise CommandError(_plain(error, "That password won't do")) from None
        user.set_password(password)
        user.save()
        self.stdout.write(
            self.style.SUCCESS(f"Made the account “{username}”.")
            + " Log in on the site, then “Direct a new adventure” on your home page: you are"
            " its Director. Your players sign up themselves, or join with the code you give them."
        )

    def password(self, variable: str | None) -> str:
        if variable:
            password = os.environ.get(variable, "")
            if not password:
                raise CommandError(f"The environment variable {variable} is empty or unset.")
            return password
        if not sys.stdin.isatty():
            raise CommandError(
                "There's no terminal to ask for the password at: put it in an environment "
                "variable and say --password-from-env (DIRECTOR_PASSWORD by default)."
            )
        password = getpass.getpass("Password: ")
        if password != getpass.getpass("The same again: "):
            raise CommandError("The two passwords weren't the same. Nothing was made.")
        return password


def _plain(error: ValidationError, lead: str) -> str:
    return f"{lead}: " + " ".join(error.messages) + " Nothing was made."
