"""A test module's runner as a driver of its test methods.

`unittest.main()` / `absltest.main()` runs each `test*` method of every `TestCase` subclass
of the module, on an instance prepared by the class's `setUpClass` (once) and `setUp` (before
each test). The interpreter analyses every function on its own with unknown arguments; for a
test method the runner will run, `self` then holds what the fixtures set on it (`self.agent =
Agent(...)` in `setUp`), as it does when the runner calls it. A test the runner does not run
(the module calls no runner, the method is not named `test*`, the class is no `TestCase`) is
analysed as any other method. absl's `@parameterized.parameters` / `named_parameters` make
the runner call a test once per case: `case_expressions` reads the cases, the interpreter
passes their values (`Interpreter._absl_calls`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from jax_lsp.analysis.syntax import iter_nodes
from jax_lsp.analysis.values import Api, ClassObj, Closure, Value

__all__ = ["TEST_CASE_BASES", "case_expressions", "fixtures", "is_test_case", "runs_tests"]

#: the canonical names of the calls that run a module's test cases
RUNNERS = frozenset({"unittest.main", "absl.testing.absltest.main"})
#: the test case base classes those runners collect (by canonical name)
TEST_CASE_BASES = frozenset({
    "unittest.TestCase",
    "absl.testing.absltest.TestCase",
    "absl.testing.parameterized.TestCase",
    "absl.testing.parameterized.parameterized.TestCase",
})
#: absl's decorators calling a test once per case, and whether a case's first item names it
PARAMETERIZED = {
    "absl.testing.parameterized.parameters": False,
    "absl.testing.parameterized.named_parameters": True,
    "absl.testing.parameterized.parameterized.parameters": False,
    "absl.testing.parameterized.parameterized.named_parameters": True,
}
#: how deep a chain of the module's own base classes is followed
_MAX_BASES_DEPTH = 8


def runs_tests(tree: ast.Module, api_named: Callable[[ast.expr], str | None]) -> bool:
    """Whether the module calls a test runner (`api_named`: the canonical name an expression
    of the module names, None if none)."""
    return any(
        isinstance(node, ast.Call) and api_named(node.func) in RUNNERS
        for node in iter_nodes(tree)
    )


def is_test_case(cls: ClassObj, depth: int = 0) -> bool:
    """Whether `cls` derives from a test case class the runners collect."""
    if depth > _MAX_BASES_DEPTH:
        return False
    return any(
        (isinstance(f, Api) and f.name in TEST_CASE_BASES)
        or (isinstance(f, ClassObj) and is_test_case(f, depth + 1))
        for b in cls.bases
        for f in b.fns
    )


def fixtures(cls: ClassObj) -> list[tuple[Closure, bool]]:
    """The module's fixture methods the runner calls before a test of `cls`, in order: its
    `setUpClass` (True: given the class) and its `setUp` (False: given the instance)."""
    out = []
    for name, on_class in (("setUpClass", True), ("setUp", False)):
        found: Value | None = cls.lookup(name)
        if found is not None:
            out += [(f, on_class) for f in found.fns if isinstance(f, Closure)]
    return out


def case_expressions(fn: ast.FunctionDef | ast.AsyncFunctionDef,
                     api_named: Callable[[ast.expr], str | None],
                     ) -> tuple[list[ast.expr], bool] | None:
    """The cases absl's parameterized decorator of a test gives it, as written (a `*CASES`
    among them: the starred expression, its items being cases), and whether they are named
    (a tuple's first item, a dict's `testcase_name`, is the case's name, not an argument);
    None where the test has no such decorator, or several (their product is not followed)."""
    found = [(d, PARAMETERIZED[name]) for d in fn.decorator_list
             if isinstance(d, ast.Call) and not d.keywords
             and (name := api_named(d.func)) in PARAMETERIZED]
    if len(found) != 1:
        return None
    call, named = found[0]
    return list(call.args), named
