"""Which exceptions a `try` or a `with contextlib.suppress(...)` catches around its body.

A program that wraps a differentiation in `try: ... except (TypeError, ValueError):` (a
finite-difference fallback, a retry with another calling convention) or in
`contextlib.suppress(TypeError)` does not stop on the error JAX raises there: its run
goes on, so a finding of that error inside is not what running it does (checks31q). The
names are read from the text (`TypeError`, `errors.JaxRuntimeError`); a bare `except:`
catches anything. A handler that raises anything (`raise`, `raise X from err`) or ends the
program (`sys.exit(1)`), or keeps the exception where it may be raised later
(`out.append(exc)`), catches nothing here: the program may still stop on it.
`asserted_errors.catches` decides, by name, whether the names cover the classes an error
has (a rule's, `decisions.report`; a callback's failure on `vectorized=`, `host_runs`).
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.syntax import child_nodes, iter_nodes

__all__ = ["handled", "suppressed"]

#: a bare `except:`
_ANY = frozenset({"BaseException"})


def _names(given: ast.expr | None) -> frozenset:
    if given is None:
        return _ANY
    exprs = given.elts if isinstance(given, ast.Tuple) else [given]
    return frozenset(e.id if isinstance(e, ast.Name) else e.attr for e in exprs
                     if isinstance(e, (ast.Name, ast.Attribute)))


#: calls that end the program from a handler (`sys.exit(1)`, `os._exit`, `os.abort`): the
#: run stops there all the same
_EXITS = frozenset({"exit", "_exit", "quit", "abort"})


def _raises(body: list[ast.stmt]) -> bool:
    """Whether a handler's body has a `raise`, or a call that ends the program, outside the
    functions and classes it defines."""
    todo: list[ast.AST] = list(body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Raise):
            return True
        if isinstance(node, ast.Call):
            f = node.func
            if (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)) in _EXITS:
                return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        todo.extend(child_nodes(node))
    return False


#: calls that only show an exception (`print("failed:", exc)`, `type(exc).__name__`)
_SHOWN_BY = frozenset({"print", "str", "repr", "type", "isinstance", "format", "warn",
                       "debug", "info", "warning", "error", "exception", "critical", "log"})


def _uses(name: str, within: list[ast.stmt] | ast.AST) -> list[tuple[ast.Name, ast.AST]]:
    """The loads of `name` in `within`, each with its parent node."""
    out = []
    for top in within if isinstance(within, list) else [within]:
        for parent in iter_nodes(top):
            for child in child_nodes(parent):
                if isinstance(child, ast.Name) and child.id == name and isinstance(
                        child.ctx, ast.Load):
                    out.append((child, parent))
    return out


def _shown(use: ast.Name, parent: ast.AST) -> bool:
    """Whether a use of an exception only shows it or reads its parts."""
    if isinstance(parent, (ast.Attribute, ast.FormattedValue)):
        return True
    if isinstance(parent, ast.Call) and use is not parent.func:
        f = parent.func
        called = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        return called in _SHOWN_BY
    return isinstance(parent, ast.BinOp)  # `"failed: %s" % exc`


def _kept(h: ast.ExceptHandler, function: ast.AST | None) -> bool:
    """Whether the handler keeps the exception it binds where it may be raised again
    (`out.append(exc)` then `raise out[0]`): anything but showing it, or naming it in a local
    of `function` that is only shown or given as the cause of a new error (`last = err` ...
    `raise RuntimeError(...) from last`, which raises another error)."""
    if not h.name:
        return False
    for use, parent in _uses(h.name, h.body):
        if _shown(use, parent):
            continue
        if (function is not None and isinstance(parent, ast.Assign) and use is parent.value
                and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name)):
            alias = parent.targets[0].id
            if all(_shown(u, p) or (isinstance(p, ast.Raise) and u is p.cause)
                   for u, p in _uses(alias, function)):
                continue
        return True
    return False


def handled(stmt: ast.stmt, function: ast.AST | None = None) -> frozenset:
    """The names of the classes a `try` statement's handlers catch for good (see the
    module's doc); empty for a `try` with no handler (`try: ... finally:`). `function`: the
    `def` the statement is in (None at a module's level)."""
    out: frozenset = frozenset()
    for h in getattr(stmt, "handlers", ()):
        if not _raises(h.body) and not _kept(h, function):
            out |= _names(h.type)
    return out


def suppressed(call: ast.Call) -> frozenset:
    """The names of the classes a `contextlib.suppress(...)` call (already known to be one)
    suppresses: its positional arguments."""
    out: frozenset = frozenset()
    for a in call.args:
        if isinstance(a, ast.Starred):
            return frozenset()  # (not known)
        out |= _names(a)
    return out
