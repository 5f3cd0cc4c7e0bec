"""On PostgreSQL the database itself announces each new table event (NOTIFY from a trigger,
sent at commit), so an action spends no query of its own on it."""

from django.db import migrations

CREATE = """
CREATE OR REPLACE FUNCTION enigma_table_event_notify() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('enigma_table', 'e:' || NEW.adventure_id || ':' || NEW.id);
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS enigma_table_event_notify ON table_tableevent;
CREATE TRIGGER enigma_table_event_notify AFTER INSERT ON table_tableevent
    FOR EACH ROW EXECUTE FUNCTION enigma_table_event_notify();
"""
DROP = """
DROP TRIGGER IF EXISTS enigma_table_event_notify ON table_tableevent;
DROP FUNCTION IF EXISTS enigma_table_event_notify();
"""


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CREATE)


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("table", "0003_event_request_key")]
    operations = [migrations.RunPython(create, drop)]
