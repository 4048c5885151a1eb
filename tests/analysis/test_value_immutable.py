"""`Value` is immutable by convention, not by a frozen dataclass (whose field-by-field
`object.__setattr__` made building values slow): memo keys hash values, so a value changed
after it was built would corrupt them. Nothing in the analyser may assign a field of a value."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import jax_lsp
from jax_lsp.analysis.values import Value

#: the only place a field is set after construction: the hash cache, in `Value.__hash__`
_ALLOWED = {"_hash"}


def _field_stores(tree: ast.AST, fields: set[str]) -> list[tuple[int, str]]:
    """(line, field) of each assignment to an attribute named like a field of `Value`, and of
    each `setattr`/`object.__setattr__` call with such a constant name."""
    found = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = list(node.targets)
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Attribute) and sub.attr in fields:
                    found.append((sub.lineno, sub.attr))
        if isinstance(node, ast.Call) and len(node.args) >= 2:
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            arg = node.args[1]
            if (
                name in ("setattr", "__setattr__")
                and isinstance(arg, ast.Constant)
                and arg.value in fields
            ):
                found.append((node.lineno, arg.value))
    return found


def test_no_code_assigns_a_field_of_a_value() -> None:
    fields = {f.name for f in dataclasses.fields(Value)} - _ALLOWED
    root = Path(jax_lsp.__file__).parent
    stores = {
        str(path.relative_to(root)): hits
        for path in sorted(root.rglob("*.py"))
        if (hits := _field_stores(ast.parse(path.read_text(encoding="utf-8")), fields))
    }
    assert stores == {}


def test_the_check_sees_a_store() -> None:
    """The scan finds the kinds of store it is meant to forbid."""
    tree = ast.parse("v.tan = x\nv.fns += (f,)\nobject.__setattr__(v, 'const', 1)\nw.other = 2\n")
    assert _field_stores(tree, {"tan", "fns", "const"}) == [(1, "tan"), (2, "fns"), (3, "const")]
