#!/bin/sh
# Run a manage.py command as the service does: as its user, with its settings. For example
#   sudo /opt/enigma-table/deploy/manage.sh createdirector alice
#   sudo /opt/enigma-table/deploy/manage.sh restore /var/lib/enigma-table/backups/enigma-….sqlite3
#   sudo /opt/enigma-table/deploy/manage.sh version
set -eu
cd "$(dirname "$0")/.."
exec runuser -u enigma -- sh -c \
	'set -a; . /etc/enigma-table/enigma-table.env; set +a; exec .venv/bin/python manage.py "$@"' \
	manage.sh "$@"
