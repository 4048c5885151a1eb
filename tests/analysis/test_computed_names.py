"""`python.computed_names`: the module's own namespace read by a computed name, the name
folded from what the module pins down (each answer checked against Python by running it)."""

from __future__ import annotations

import ast
import sys
import types

import pytest

from jax_lsp.analysis.python import computed_names
from jax_lsp.analysis.static_names import ModuleNames

_PRELUDE = '''
import sys
KIND = "fast"
PARTS = ("solve", "fast")
ALIASES = {"f": "solve_fast", "s": "solve_slow"}
PICK = "f"


def solve_fast():
    return 1


def solve_slow():
    return 2
'''


@pytest.mark.parametrize("expr", [
    'globals()[f"solve_{KIND}"]',
    'globals()["_".join(PARTS)]',
    'globals()["solve_" + KIND]',
    'globals()["_".join(("solve",) + (KIND,))]',
    'getattr(sys.modules[__name__], "{}_{}".format("solve", KIND))',
    'vars(sys.modules[__name__])[ALIASES[PICK]]',
])
def test_a_read_by_a_folded_name_finds_the_def(expr: str) -> None:
    tree = ast.parse(_PRELUDE + f"\nFOUND = {expr}\n")
    module = types.ModuleType("probe_module")
    sys.modules["probe_module"] = module
    try:
        exec(compile(tree, "<probe>", "exec"), module.__dict__)
    finally:
        del sys.modules["probe_module"]
    names = ModuleNames(tree)
    read = tree.body[-1].value  # type: ignore[attr-defined]
    found = computed_names.module_binding(names, read)
    assert isinstance(found, ast.FunctionDef)
    assert found.name == module.FOUND.__name__  # (what Python found)


@pytest.mark.parametrize("expr", [
    'globals()[input()]',  # (not pinned down)
    'globals()[f"solve_{KIND!r}"]',  # (a conversion: not folded)
    'getattr(object(), f"solve_{KIND}")',  # (not the module's namespace)
    'globals()[ALIASES["missing"]]',  # (raises: no entry)
])
def test_a_read_not_pinned_down_finds_nothing(expr: str) -> None:
    tree = ast.parse(_PRELUDE + f"\nFOUND = {expr}\n")
    assert computed_names.module_binding(ModuleNames(tree), tree.body[-1].value) is None  # type: ignore[attr-defined]


def test_a_shadowed_globals_is_not_the_namespace() -> None:
    shadowing = '\ndef globals():\n    return {}\nFOUND = globals()["solve_fast"]\n'
    tree = ast.parse(_PRELUDE + shadowing)
    assert computed_names.module_binding(ModuleNames(tree), tree.body[-1].value) is None  # type: ignore[attr-defined]
