"""A pytest test module's run as a driver of its test functions, read from the text.

pytest calls each `test*` function of a module (and each `test*` method of a `Test*` class
with no `__init__`), once per case of its `@pytest.mark.parametrize` decorators (stacked ones
multiply), passing each parameter the case's value, or else the value of the module's
`@pytest.fixture` function of that name (itself called so, for its own parameters). The
interpreter analyses every function on its own with unknown arguments; for a test pytest
will run it makes these calls instead (`Interpreter._pytest_calls`), so that a test's
computation is analysed with the values it runs on: a case that passes `ordered=True` to a
vmapped callback fails under pytest, one that passes `False` does not, and a branch on a
case's string follows only the cases' values. This module reads the decorators; the
interpreter evaluates what they name.

Left unknown (the analysis then stays as it was, quiet where it cannot see): a fixture
defined elsewhere (`conftest.py`, a plugin, pytest's own `tmp_path`), a generator fixture
(its value is what it yields, which a call does not return), a parameter a case hands to a
fixture (`indirect=`), cases that are not a list (or a name of one the interpreter knows).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import NamedTuple

from jax_lsp.analysis.syntax import child_nodes

__all__ = ["PARAMETRIZE", "Parametrize", "case_lists",
           "fixture_defs", "is_pytest_test", "parametrizations", "pytest_names",
           "run_by_pytest"]

#: the canonical names of pytest's decorators
PARAMETRIZE = "pytest.mark.parametrize"
_FIXTURE = "pytest.fixture"
#: the case calls that carry a case's values and pytest's options about it
_PARAM = "pytest.param"

ApiNamed = Callable[[ast.expr], "str | None"]


def pytest_names(tree: ast.Module) -> ApiNamed | None:
    """How the module names pytest's API, from its top-level imports (`import pytest`,
    `import pytest as pt`, `from pytest import fixture, mark`): a function giving the
    canonical name (`pytest.mark.parametrize`) a dotted expression names, None if it names
    none of pytest; None when the module does not import pytest. (Read from the text: pytest
    is an installed package the analysis may follow into, not an API it models.)"""
    bound: dict[str, str] = {}
    for st in tree.body:
        if isinstance(st, ast.Import):
            for a in st.names:
                if a.name == "pytest":
                    bound[a.asname or "pytest"] = "pytest"
        elif isinstance(st, ast.ImportFrom) and st.module == "pytest" and not st.level:
            for a in st.names:
                bound[a.asname or a.name] = f"pytest.{a.name}"
    if not bound:
        return None

    def named(expr: ast.expr) -> str | None:
        if isinstance(expr, ast.Name):
            return bound.get(expr.id)
        if isinstance(expr, ast.Attribute):
            base = named(expr.value)
            return f"{base}.{expr.attr}" if base is not None else None
        return None
    return named


class Parametrize(NamedTuple):
    """One `@pytest.mark.parametrize(names, values)`: its parameter names, and its cases
    either read from a literal list (`rows`: one tuple of expressions per case, aligned with
    `names`) or held by an expression the interpreter evaluates (`values`)."""

    names: tuple[str, ...]
    rows: list[tuple[ast.expr, ...]] | None
    values: ast.expr | None
    #: the names whose values go to a fixture (`indirect=True` / a list of them)
    indirect: frozenset[str]


def is_pytest_test(fn: ast.AST, cls: ast.ClassDef | None) -> bool:
    """Whether pytest collects `fn` as a test (by its default names): a `test*` function of
    the module, or a `test*` method of a `Test*` class that has no `__init__` (`cls`: the
    class holding it, None for a module-level function)."""
    if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not fn.name.startswith(
            "test"):
        return False
    if cls is None:
        return True
    return cls.name.startswith("Test") and not any(
        isinstance(m, (ast.FunctionDef, ast.AsyncFunctionDef)) and m.name == "__init__"
        for m in cls.body)


def _names(expr: ast.expr) -> tuple[str, ...] | None:
    """A parametrize's argument names: `"a, b"` or `("a", "b")` / `["a", "b"]`."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        names = tuple(n.strip() for n in expr.value.split(","))
        return names if all(n.isidentifier() for n in names) else None
    if isinstance(expr, (ast.Tuple, ast.List)) and all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in expr.elts):
        return tuple(e.value for e in expr.elts)  # type: ignore[attr-defined]
    return None


def _row(case: ast.expr, n: int, api_named: ApiNamed) -> tuple[ast.expr, ...] | None:
    """One case's values: a `pytest.param(...)`'s positional arguments, else the case itself
    (one name) or its items (several); None where they cannot be read."""
    if isinstance(case, ast.Call) and api_named(case.func) == _PARAM:
        if any(isinstance(a, ast.Starred) for a in case.args) or len(case.args) != n:
            return None
        return tuple(case.args)
    if n == 1:
        return (case,)
    if isinstance(case, (ast.Tuple, ast.List)) and len(case.elts) == n and not any(
            isinstance(e, ast.Starred) for e in case.elts):
        return tuple(case.elts)
    return None


def _indirect(call: ast.Call, names: tuple[str, ...]) -> frozenset[str] | None:
    """The names whose values `indirect=` hands to fixtures; None where it is not a literal."""
    for k in call.keywords:
        if k.arg != "indirect":
            continue
        v = k.value
        if isinstance(v, ast.Constant) and isinstance(v.value, bool):
            return frozenset(names) if v.value else frozenset()
        if isinstance(v, (ast.List, ast.Tuple)) and all(
                isinstance(e, ast.Constant) and isinstance(e.value, str) for e in v.elts):
            return frozenset(e.value for e in v.elts)  # type: ignore[attr-defined]
        return None
    return frozenset()


def case_lists(tree: ast.Module) -> dict[str, ast.expr]:
    """The module's names bound once, at its top level, to a list or tuple display: the
    cases a parametrize names (`@pytest.mark.parametrize("a, b", ROWS)`), read as written
    (a `pytest.param(...)` in them has no value the interpreter knows)."""
    bound: dict[str, ast.expr] = {}
    again: set[str] = set()
    for st in tree.body:
        targets = st.targets if isinstance(st, ast.Assign) else (
            [st.target] if isinstance(st, (ast.AnnAssign, ast.AugAssign)) else [])
        for t in targets:
            if isinstance(t, ast.Name):
                if t.id in bound or t.id in again or not isinstance(
                        st, ast.Assign | ast.AnnAssign) or len(targets) != 1 or not isinstance(
                        st.value, (ast.List, ast.Tuple)):
                    again.add(t.id)
                    bound.pop(t.id, None)
                else:
                    bound[t.id] = st.value  # type: ignore[assignment]
    return bound


def parametrizations(fn: ast.FunctionDef | ast.AsyncFunctionDef, api_named: ApiNamed,
                     lists: dict[str, ast.expr]) -> list[Parametrize] | None:
    """The `@pytest.mark.parametrize` decorators of a test (`api_named`: the canonical name
    an expression of the module names; `lists`: `case_lists`), outermost first; None where
    one cannot be read (its names computed, a case of the wrong length): its cases are then
    not known."""
    out = []
    for d in fn.decorator_list:
        if not isinstance(d, ast.Call) or api_named(d.func) != PARAMETRIZE:
            continue
        names_expr = d.args[0] if d.args else next(
            (k.value for k in d.keywords if k.arg == "argnames"), None)
        values = d.args[1] if len(d.args) > 1 else next(
            (k.value for k in d.keywords if k.arg == "argvalues"), None)
        names = _names(names_expr) if names_expr is not None else None
        indirect = _indirect(d, names or ())
        if names is None or values is None or indirect is None:
            return None
        if isinstance(values, ast.Name) and values.id in lists:
            values = lists[values.id]
        if isinstance(values, (ast.List, ast.Tuple)):
            rows = [_row(c, len(names), api_named) for c in values.elts]
            if any(r is None for r in rows) or any(isinstance(c, ast.Starred)
                                                   for c in values.elts):
                return None
            out.append(Parametrize(names, rows, None, indirect))  # type: ignore[arg-type]
        else:
            out.append(Parametrize(names, None, values, indirect))
    return out


def fixture_defs(tree: ast.Module, api_named: ApiNamed) -> dict[str, ast.FunctionDef]:
    """The module's fixture functions by the name a test asks for them with (`@pytest.fixture`,
    `@pytest.fixture(...)`, renamed by `name=`), the generator ones left out (their value is
    what they yield, not what a call returns)."""
    out: dict[str, ast.FunctionDef] = {}
    for st in tree.body:
        if not isinstance(st, ast.FunctionDef):
            continue
        for d in st.decorator_list:
            call = d if isinstance(d, ast.Call) else None
            if api_named(call.func if call is not None else d) != _FIXTURE:
                continue
            name = st.name
            for k in call.keywords if call is not None else ():
                if k.arg == "name" and isinstance(k.value, ast.Constant) and isinstance(
                        k.value.value, str):
                    name = k.value.value
            if not _yields(st):
                out[name] = st
    return out


def _yields(fn: ast.FunctionDef) -> bool:
    """Whether `fn` itself (not a function nested in it) yields: a generator."""
    todo: list[ast.AST] = list(fn.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                                 ast.ClassDef)):
            todo.extend(child_nodes(node))
    return False


#: module-level functions pytest calls by name besides tests (xunit-style set-up, hooks)
_XUNIT = frozenset({"setup_module", "teardown_module", "setup_function", "teardown_function",
                    "setUpModule", "tearDownModule"})


def run_by_pytest(tree: ast.Module, api_named: ApiNamed) -> set[ast.AST] | None:
    """The module-level functions pytest itself calls: its tests, its fixtures (generators
    too), its set-up functions and hooks (`pytest_*`). None where the module defines no test
    (a testing library, a `conftest.py`): there pytest calls nothing by itself, and every
    function may be called from elsewhere."""
    tests = [st for st in tree.body if is_pytest_test(st, None) or (
        isinstance(st, ast.ClassDef) and st.name.startswith("Test"))]
    if not tests:
        return None
    out: set[ast.AST] = set()
    for st in tree.body:
        if not isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        if is_pytest_test(st, None) or st.name in _XUNIT or st.name.startswith("pytest_") or any(
                api_named(d.func if isinstance(d, ast.Call) else d) == _FIXTURE
                for d in st.decorator_list):
            out.add(st)
    return out
