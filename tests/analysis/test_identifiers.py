"""An analysis reads a module's identifiers once, line by line (`Interpreter.
_line_identifiers`); the incremental one also keeps each function's by its text, across
versions. Both must see the same identifiers and counts as a search of the text, whatever
splits the lines."""

from __future__ import annotations

import ast

from jax_lsp.analysis.interp import _IDENT, Interpreter

_SOURCE = (
    "import jax\n"
    "def outer(x, \u00e9t\u00e9=0x1f):\n"
    "    g = jax.grad(lambda y: y * 0xab12)  # grad in a comment\n"
    "    s = 'a\\x0cb'\n"
    "    def inner(z):\n"
    "        return g(z) + 1e5 + _u9\n"
    "    return inner(x)\f  # a form feed splits this line for str.splitlines\n"
    "lone = jax.jit(outer)\r\n"
    "h = lambda q: q + '\x1c' + k2\n"
)


def _interp(ident_cache: dict | None) -> Interpreter:
    tree = ast.parse(_SOURCE)
    return Interpreter(tree, _SOURCE.splitlines(), ident_cache=ident_cache)


def test_line_identifiers_match_text_identifiers() -> None:
    by_lines, by_text = _interp(None), _interp({})
    assert by_text._keeps_identifiers and not by_lines._keeps_identifiers
    funcs = [
        n
        for n in ast.walk(by_lines.tree)
        if isinstance(n, (ast.FunctionDef, ast.Lambda, ast.AsyncFunctionDef))
    ]
    assert len(funcs) == 4
    for node in funcs:
        expected = frozenset(
            _IDENT.findall("\n".join(_SOURCE.splitlines()[node.lineno - 1 : node.end_lineno]))
        )
        assert by_lines._identifiers_in_text(node) == expected
    by_text_funcs = [
        n
        for n in ast.walk(by_text.tree)
        if isinstance(n, (ast.FunctionDef, ast.Lambda, ast.AsyncFunctionDef))
    ]
    assert [by_text._identifiers_in_text(n) for n in by_text_funcs] == [
        by_lines._identifiers_in_text(n) for n in funcs
    ]
    # kept by text for the next version, which reads none of its lines for an unchanged text
    lines = _SOURCE.splitlines()
    assert {
        "\n".join(lines[n.lineno - 1 : n.end_lineno]): by_lines._identifiers_in_text(n)
        for n in funcs
    } == by_text.identifiers
    kept = {text: frozenset({"kept"}) for text in by_text.identifiers}
    next_version = _interp(kept)
    assert all(next_version._identifiers_in_text(n) == {"kept"} for n in ast.walk(
        next_version.tree) if isinstance(n, (ast.FunctionDef, ast.Lambda)))
    assert not next_version._line_identifiers


def test_module_counts_match_text_counts() -> None:
    by_lines, by_text = _interp(None), _interp({})
    tf = object()
    for interp in (by_lines, by_text):
        interp.transformed_inspected = {}
        interp.observer._replayed_inspected = {}
        interp.transformed_created = {}
        interp._dead_at_module_level(tf, ["lone"], [])  # type: ignore[arg-type]
    assert by_lines.main_identifiers == by_text.main_identifiers
    assert by_lines.main_identifiers["jax"] == 3
    assert by_lines.main_identifiers["xab12"] == 1  # as the text search reads a hex literal
