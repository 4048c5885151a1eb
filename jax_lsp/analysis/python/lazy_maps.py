"""Which `map(fn, xs)` calls Python never consumes: `fn` is never called there.

Python's `map` is lazy: `fn` runs as an item is taken. The evaluator calls `fn` once per
item at the call (`generators.mapped`), what a full consumption does. A map object bound to
a name whose every read takes no item (`type(pending).__name__`, `print(pending)`, `pending
is None`) is never consumed, so `fn` never runs: a callback behind it is never reached.

From the syntax of the code the name is visible in (the function that binds it, with its
nested functions; the whole module for a module-level name): the call is the whole value of
an assignment to one plain name, `map` is Python's (the module binds no `map`), the name is
bound once and never declared `global`/`nonlocal`, and every other mention of it reads it
where no item is taken. A module-level name of a module an import can name may be read by
its importers: only a script no import names is asked (`escape.script_file`).
"""

from __future__ import annotations

import ast
import weakref

from jax_lsp.analysis.syntax import child_nodes, iter_nodes

#: builtins that take no item of an iterable they are given (they read its type or repr)
_NON_CONSUMING = frozenset({"type", "id", "repr", "str", "print", "isinstance", "callable"})

_ANSWERS: weakref.WeakKeyDictionary[ast.Module, frozenset[ast.AST]] = (
    weakref.WeakKeyDictionary())


def never_consumed(tree: ast.Module, call: ast.AST, script: bool) -> bool:
    """Whether the `map(...)` call `call` of the module `tree` is never consumed (see the
    module's docstring). `script`: the module is a script no import can name."""
    found = _ANSWERS.get(tree)
    if found is None:
        found = _ANSWERS[tree] = _unconsumed(tree, script)
    return call in found


def _unconsumed(tree: ast.Module, script: bool) -> frozenset[ast.AST]:
    """The `map(...)` calls of `tree` never consumed, found by one walk (and one per scope
    binding one)."""
    bound = {n.id for n in iter_nodes(tree) if isinstance(n, ast.Name) and not isinstance(
        n.ctx, ast.Load)} | {n.name for n in iter_nodes(tree) if isinstance(
            n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))} | {
        (n.asname or n.name).partition(".")[0] for n in iter_nodes(tree)
        if isinstance(n, ast.alias)}
    if "map" in bound:
        return frozenset()  # (`map` is not Python's)
    readers = _NON_CONSUMING - bound
    out = []
    scopes: list[ast.AST] = [tree]
    while scopes:
        scope = scopes.pop()
        body = scope.body if isinstance(scope.body, list) else []  # type: ignore[attr-defined]
        for node in _own(body):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scopes.append(node)
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1
                  and isinstance(node.targets[0], ast.Name)
                  and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
                  and node.value.func.id == "map"
                  and (scope is not tree or script)
                  and _only_unconsumed(scope, node.targets[0].id, readers)):
                out.append(node.value)
    return frozenset(out)


def _own(body: list[ast.stmt]) -> list[ast.AST]:
    """The nodes of a body, its nested functions' own defs included but not their bodies
    (each is a scope of its own), nor classes' bodies."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = list(body)
    while todo:
        n = todo.pop()
        out.append(n)
        if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            todo.extend(child_nodes(n))
    return out


def _only_unconsumed(scope: ast.AST, name: str, readers: frozenset[str]) -> bool:
    """The name is bound once in `scope` and every read of it (in `scope` and the functions
    inside it) takes no item (`readers`: the builtins of `_NON_CONSUMING` the module does
    not bind)."""
    parents: dict[ast.AST, ast.AST] = {}
    bound = 0
    for node in iter_nodes(scope):
        for child in child_nodes(node):
            parents[child] = node
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and (
                node.name == name):
            return False
        if isinstance(node, ast.arg) and node.arg == name:
            return False
    for node in iter_nodes(scope):
        if not (isinstance(node, ast.Name) and node.id == name):
            continue
        if not isinstance(node.ctx, ast.Load):
            bound += 1
            continue
        up = parents.get(node)
        if isinstance(up, ast.Call) and node in up.args and isinstance(up.func, ast.Name) and (
                up.func.id in readers):
            continue
        if isinstance(up, ast.Compare) and all(
                isinstance(op, (ast.Is, ast.IsNot)) for op in up.ops):
            continue
        return False
    return bound == 1
