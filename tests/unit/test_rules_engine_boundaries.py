"""The rules engine stands alone: standard library only, and its values can't be mutated."""

import ast
import dataclasses
import sys
from pathlib import Path

import pytest

import sessions.rules as rules
from sessions.rules import CharacterState, GambleSetup

RULES_DIR = Path(rules.__file__).parent


def imported_top_level_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module.split(".")[0]


@pytest.mark.parametrize("path", sorted(RULES_DIR.glob("*.py")), ids=lambda path: path.name)
def test_the_rules_engine_imports_only_the_standard_library(path):
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    outside = set(imported_top_level_modules(path)) - allowed
    assert not outside, f"{path.name} imports {outside}"


def test_rules_values_are_frozen():
    state = CharacterState(peril=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.peril = 5
    with pytest.raises(dataclasses.FrozenInstanceError):
        GambleSetup().knacks = 3


def test_everything_the_package_promises_is_there():
    missing = [name for name in rules.__all__ if not hasattr(rules, name)]
    assert not missing
