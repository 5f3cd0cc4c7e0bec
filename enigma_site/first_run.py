"""What a real site (DEBUG off) still needs before its first game night, in plain words.

Read from the environment itself, so settings.py can say it before anything else loads: a
missing secret key stops the site there (it would otherwise sign logins with a key anyone can
read in this code), and every other gap is said in the same breath. A missing site name stops
`make run` by a system check (`enigma_site.checks`), which `manage.py check --deploy` runs too.
"""

from collections.abc import Mapping

DEVELOPMENT_SECRET_KEY = "dev-only-enigma-table-secret-key-do-not-use-in-production"
ENVIRONMENT_FILE = "/etc/enigma-table/enigma-table.env"

SECRET_KEY = (
    "A secret key of its own. SECRET_KEY is the development key, which anyone can read in "
    "the code, so the site won't sign anyone's login with it. Make one with\n"
    '       python3 -c "import secrets; print(secrets.token_urlsafe(50))"\n'
    "   and set SECRET_KEY to it (keep it secret, and keep it: a new one logs everybody out)."
)
ALLOWED_HOSTS = (
    "Its name. ALLOWED_HOSTS isn't set, so the site answers only to 127.0.0.1 and localhost, "
    "and anyone arriving by its real name gets “Bad Request (400)”. Set\n"
    "       ALLOWED_HOSTS=enigma.example.org\n"
    "   with the name people type (several with commas)."
)


def no_accounts_yet(host: str) -> str:
    """What to do first on a real site nobody has an account on yet."""
    return (
        "Nobody has an account here yet. Make yours, the first Director's:\n"
        "    python manage.py createdirector YOUR-NAME     (it asks for a password)\n"
        "(on a server set up by docs/hosting.md: sudo deploy/manage.sh createdirector YOUR-NAME)\n"
        f"or open https://{host}/accounts/signup/ and sign up. Any account can prep and run "
        "Adventures; your players sign up themselves, or join with the code you give them."
    )


def missing(environ: Mapping[str, str]) -> dict[str, str]:
    """The settings a real site lacks, each with what to do: {variable: plain words}."""
    gaps = {}
    if environ.get("SECRET_KEY", "").strip() in ("", DEVELOPMENT_SECRET_KEY):
        gaps["SECRET_KEY"] = SECRET_KEY
    if not environ.get("ALLOWED_HOSTS", "").strip():
        gaps["ALLOWED_HOSTS"] = ALLOWED_HOSTS
    return gaps


def explained(gaps: Mapping[str, str]) -> str:
    """The gaps as one message, numbered, with where the settings go."""
    lines = ["DEBUG is off, so this is a real site, and it still needs:", ""]
    lines += [f"{number}. {words}" for number, words in enumerate(gaps.values(), start=1)]
    lines += [
        "",
        f"Set {'it' if len(gaps) == 1 else 'them'} where the site reads its settings: on a "
        "server set up by docs/hosting.md, "
        f"{ENVIRONMENT_FILE}; else the environment `make run` starts in. Then start it again.",
        "Only trying it out on your own computer? Leave DEBUG unset: `make run` is then a "
        "development site with a demo game.",
    ]
    return "\n".join(lines)
