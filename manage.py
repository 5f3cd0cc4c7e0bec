#!/usr/bin/env python
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "enigma_site.settings")
    if sys.argv[1:] in (["version"], ["--version"]):
        # Which Enigma Table this is (Django's own `version` would say only Django's).
        import django

        from enigma_site import __version__

        print(f"Enigma Table {__version__} (Django {django.get_version()})")
        return
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as problem:
        # A setting the site can't start with: said in plain words, without a traceback.
        sys.exit(f"\nEnigma Table can't start yet.\n\n{problem}\n")


if __name__ == "__main__":
    main()
