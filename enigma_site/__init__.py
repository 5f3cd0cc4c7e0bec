"""Enigma Table, the site: settings, accounts, the pages around the table.

The version is said here, once: pyproject.toml reads it, the footer shows it, and
`manage.py version` prints it. CHANGELOG.md says what each version brought.
"""

__version__ = "0.1.0"
