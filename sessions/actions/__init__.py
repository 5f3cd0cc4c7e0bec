"""Table actions: one module per SRD concern, one short function per action.

Every action runs in one transaction (`base.table_action`), locks what it changes, asks the
rules engine whether the move is allowed, saves, and appends a public `TableEvent` that every
open page hears of once the transaction commits. A refused move raises a `RuleError` and,
the transaction rolled back, changes nothing.

Imports point one way: views → actions → models and the rules engine.
"""
