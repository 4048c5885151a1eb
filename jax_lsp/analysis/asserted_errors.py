"""Where a test asserts the error JAX raises: a finding there is what the test checks, and
the test passes, so it is not reported.

Two spellings, read from the text:
- pytest's `with pytest.raises(E, ...):` block (its body's lines);
- unittest's (and absltest's, which derives from it) `with self.assertRaises(E):` /
  `self.assertRaisesRegex(E, pattern)` blocks, and their call form
  `self.assertRaises(E, fn, *args)`, which calls `fn` inside the assertion (the call's
  lines: a lambda or a partial written there).
`E` may be a tuple of classes; only names are read (`TypeError`, `errors.JaxRuntimeError`),
and a builtin's subclasses count (`LookupError` catches `KeyError`, `Exception` anything JAX
raises).
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable

from jax_lsp.analysis.syntax import iter_nodes

__all__ = ["AssertedBlock", "catches", "expected_errors"]

#: (first line, last line, the names of the classes expected)
AssertedBlock = tuple[int, int, frozenset]

#: the exceptions that catch any error JAX raises
_CATCH_ALL = frozenset({"Exception", "BaseException"})
#: unittest.TestCase's assertions that expect an exception, and how many of their leading
#: positional arguments precede the callable in the call form (the class; a pattern too)
_UNITTEST = {"assertRaises": 1, "assertRaisesRegex": 2, "assertRaisesRegexp": 2,
             # absltest.TestCase's
             "assertRaisesWithLiteralMatch": 2, "assertRaisesWithPredicateMatch": 2}


def _class_names(given: ast.expr) -> frozenset:
    exprs = given.elts if isinstance(given, ast.Tuple) else [given]
    return frozenset(e.id if isinstance(e, ast.Name) else e.attr for e in exprs
                     if isinstance(e, (ast.Name, ast.Attribute)))


def _unittest_assertion(call: ast.Call) -> int | None:
    """How many leading arguments a `self.assertRaises...(...)` call has before its
    callable; None if `call` is not one (its receiver a plain name: `self`, `cls`, `tc`)."""
    f = call.func
    if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and call.args:
        return _UNITTEST.get(f.attr)
    return None


def expected_errors(tree: ast.Module,
                    api_named: Callable[[ast.expr], str | None] | None) -> list[AssertedBlock]:
    """The module's blocks in which a test expects an exception (see the module's doc).
    `api_named`: canonical names of the module's expressions (`pytest_driver.pytest_names`),
    None where the module does not import pytest (its `raises` is then not read)."""
    out: list[AssertedBlock] = []
    for node in iter_nodes(tree):
        if isinstance(node, (ast.With, ast.AsyncWith)) and node.body:
            for item in node.items:
                call = item.context_expr
                if not isinstance(call, ast.Call) or not call.args:
                    continue
                if _unittest_assertion(call) is None and (
                        api_named is None or api_named(call.func) != "pytest.raises"):
                    continue
                out.append((node.body[0].lineno, node.body[-1].end_lineno or node.lineno,
                            _class_names(call.args[0])))
        elif isinstance(node, ast.Call):
            lead = _unittest_assertion(node)
            if lead is not None and len(node.args) > lead:
                out.append((node.lineno, node.end_lineno or node.lineno,
                            _class_names(node.args[0])))
    return out


def catches(expected: frozenset, raised: tuple[str, ...]) -> bool:
    """Whether an assertion expecting the classes named `expected` catches an error of one
    of the classes `raised` (by name; a builtin's bases too: `LookupError` catches
    `KeyError`)."""
    if expected & _CATCH_ALL:
        return True
    for r in raised:
        if r in expected:
            return True
        cls = getattr(builtins, r, None)
        if isinstance(cls, type) and any(
                isinstance(b := getattr(builtins, e, None), type) and issubclass(cls, b)
                for e in expected):
            return True
    return False
