"""A `with` over a generator-based context manager of the analysed code, run in order.

`@contextlib.contextmanager def lenient(): global HOST; saved = HOST; HOST = wrap(saved);
try: yield / finally: HOST = saved` swaps a global for the duration of the block only: what
the block runs sees the swapped value, what follows sees it restored. Called as a plain
function (the decorator unknown), its whole body ran before the block, and the block saw the
restored value. Here the body is split at its one `yield`: the statements before it run
where the `with` enters, the block then runs, and the statements after it (the `finally` of
a `try` around the `yield` included) run where it exits, in the generator's own scope.

Only a body whose order is exact is split: one `yield` (a statement, not inside a loop, a
branch or a nested block), at the top level or in the body of one top-level `try` with a
`finally` and no handlers (an `except` around the `yield` sees the block's exception,
which the analysis does not know). Any other manager is called as before.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from jax_lsp.analysis.syntax import child_nodes

#: the decorators that make a generator function a context manager
CONTEXT_MANAGER_DECORATORS = frozenset({"contextlib.contextmanager"})


@dataclass(frozen=True, slots=True)
class Split:
    """A generator body cut at its `yield`."""

    #: what runs when the `with` enters, in order
    enter: tuple[ast.stmt, ...]
    #: the value the `yield` gives `as` (None: `yield` alone)
    value: ast.expr | None
    #: what runs when the block ends normally, in order (a `finally` included)
    exit: tuple[ast.stmt, ...]


def split(node: ast.FunctionDef) -> Split | None:
    """`node`'s body cut at its one `yield`, or None when the body's order is not exact
    (see the module's docstring)."""
    body = node.body
    for i, stmt in enumerate(body):
        if _is_yield(stmt):
            before, after = body[:i], body[i + 1:]
            if _yields(before) or _yields(after):
                return None
            return Split(tuple(before), stmt.value.value, tuple(after))  # type: ignore[attr-defined]
        if (
            isinstance(stmt, ast.Try)
            and not stmt.handlers
            and not stmt.orelse
            and any(_is_yield(s) for s in stmt.body)
        ):
            j = next(k for k, s in enumerate(stmt.body) if _is_yield(s))
            inner_before, inner_after = stmt.body[:j], stmt.body[j + 1:]
            before, after = body[:i], body[i + 1:]
            if any(_yields(part) for part in (before, after, inner_before, inner_after,
                                              stmt.finalbody)):
                return None
            return Split(
                tuple(before + inner_before),
                stmt.body[j].value.value,  # type: ignore[attr-defined]
                tuple(inner_after + stmt.finalbody + after),
            )
    return None


def _is_yield(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Yield)


def _yields(stmts: list[ast.stmt]) -> bool:
    """Whether `stmts` hold a `yield` of their own function (or a `return`, which would end
    the generator before or after the block: not split)."""
    stack: list[ast.AST] = list(stmts)
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await, ast.Return)):
            return True
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        stack.extend(child_nodes(n))
    return False
