"""`calls.PYTHON_MODELLED` gates `PythonCalls._python_modelled`: a library call whose name is
not in it goes straight to the API table. A name the models test but the gate lacks would
silently never reach its model, so every name `_python_modelled` compares `f.name` with must
be in the gate."""

from __future__ import annotations

import ast
import inspect
import textwrap

from jax_lsp.analysis.python import calls


def _names_tested() -> set[str]:
    source = textwrap.dedent(inspect.getsource(calls.PythonCalls._python_modelled))
    namespace = vars(calls)
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute)
                and node.left.attr == "name"):
            continue
        for op, right in zip(node.ops, node.comparators):
            value = eval(compile(ast.Expression(right), "<gate>", "eval"), namespace)  # noqa: S307
            if isinstance(op, ast.Eq):
                names.add(value)
            elif isinstance(op, ast.In):
                names.update(value)
    return names


def test_every_name_a_model_tests_passes_the_gate() -> None:
    tested = _names_tested()
    assert "builtins.sum" in tested and "builtins.next" in tested  # (the reader finds them)
    assert tested <= calls.PYTHON_MODELLED, sorted(tested - calls.PYTHON_MODELLED)


def test_the_gate_names_only_modelled_functions() -> None:
    assert calls.PYTHON_MODELLED <= _names_tested()
