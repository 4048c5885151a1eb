"""Whether a dict's keys are the ones the evaluator follows it to have.

The evaluator's dicts keep the entries they were made with, plus those stored by
`d[CONST] = v` and `d.setdefault(CONST, v)` on the name they are bound to
(`statements._store_local_entry`); a dict changed another way (through an alias, by a function
it was handed to, `pop`, `del`, `update`, a computed key) may hold keys it does not list. A
dict built fresh where its name is bound (a display, a comprehension, `dict(...)`, or the
function's own `**kwargs`, a new dict at each call), bound once, changed only by those two
stores in the code that binds it, and otherwise only read (`d[k]`, `d.get`, `k in d`, `**d`,
`return d`), has no alias another piece of code could change: its keys are exactly those
followed, so a key it does not list is absent, and its stores need not make its keys unknown.
This is that check, from the syntax of the function (or module) that binds the name; as
`fresh_lists` does for a list's length.
"""

from __future__ import annotations

import ast
import weakref

from jax_lsp.analysis.python.fresh_lists import _READERS
from jax_lsp.analysis.syntax import child_nodes, iter_nodes

#: methods that read a dict and keep no reference to it
_READ_METHODS = frozenset({"get", "keys", "values", "items", "copy"})
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)

_FOLLOWED: weakref.WeakKeyDictionary[ast.AST, dict[str, bool]] = weakref.WeakKeyDictionary()


def followed(within: ast.AST, name: str) -> bool:
    """Whether the dict bound to `name` in `within` (a function or a module) is fresh and
    changed only in ways the evaluator follows (see the module's docstring). Kept per node."""
    known = _FOLLOWED.get(within)
    if known is None:
        known = _FOLLOWED[within] = {}
    found = known.get(name)
    if found is None:
        found = known[name] = _followed(within, name)
    return found


def _own_nodes(within: ast.AST) -> tuple[list[ast.AST], dict[ast.AST, ast.AST]]:
    """The nodes of `within` and of the functions nested in it, and their parents."""
    parents: dict[ast.AST, ast.AST] = {}
    nodes = []
    for node in iter_nodes(within):
        nodes.append(node)
        for child in child_nodes(node):
            parents[child] = node
    return nodes, parents


def _scope_of(node: ast.AST, parents: dict[ast.AST, ast.AST], within: ast.AST) -> ast.AST:
    """The innermost function or class holding `node` (`within` when none inside it does)."""
    p = parents.get(node)
    while p is not None and p is not within:
        if isinstance(p, _SCOPES):
            return p
        p = parents.get(p)
    return within


def _followed(within: ast.AST, name: str) -> bool:
    nodes, parents = _own_nodes(within)
    bound = 0
    args = getattr(within, "args", None)
    if isinstance(args, ast.arguments):
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg]
        if any(p is not None and p.arg == name for p in params):
            return False
        if args.kwarg is not None and args.kwarg.arg == name:
            bound += 1
    for node in nodes:
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        if isinstance(node, ast.arg) and node.arg == name and _scope_of(
                node, parents, within) is not within:
            return False  # a parameter of a nested function: another binding
        if not (isinstance(node, ast.Name) and node.id == name):
            continue
        parent = parents.get(node)
        own = _scope_of(node, parents, within) is within
        if isinstance(node.ctx, ast.Store):
            if not own or not (isinstance(parent, ast.Assign) and len(parent.targets) == 1
                               and parent.targets[0] is node and _fresh(parent.value)):
                return False
            bound += 1
        elif isinstance(node.ctx, ast.Del) or not _use_followed(node, parent, parents, own):
            return False
    return bound == 1


def _fresh(value: ast.expr) -> bool:
    """Whether `value` builds a new dict no other name refers to yet."""
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return True
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and (
        value.func.id == "dict")


def _use_followed(use: ast.Name, parent: ast.AST | None, parents: dict[ast.AST, ast.AST],
                  own: bool) -> bool:
    """Whether this load of the dict reads it, or changes it in a way the evaluator follows
    (a store at a constant key, `setdefault` of a constant key, by the code binding it)."""
    if isinstance(parent, ast.Subscript) and parent.value is use:
        if isinstance(parent.ctx, ast.Load):
            return True
        store = parents.get(parent)
        return (own and isinstance(parent.ctx, ast.Store) and isinstance(store, ast.Assign)
                and isinstance(parent.slice, ast.Constant))
    if isinstance(parent, ast.Attribute) and parent.value is use:
        call = parents.get(parent)
        if not (isinstance(call, ast.Call) and call.func is parent):
            return False
        if parent.attr in _READ_METHODS:
            return True
        return (own and parent.attr == "setdefault" and bool(call.args)
                and isinstance(call.args[0], ast.Constant))
    if isinstance(parent, ast.keyword) and parent.arg is None:
        return True  # `f(**d)`: the callee gets a copy
    if isinstance(parent, ast.Call) and use in parent.args:
        return isinstance(parent.func, ast.Name) and parent.func.id in _READERS
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)) and parent.iter is use:
        return True
    if isinstance(parent, ast.Compare):
        return True
    return isinstance(parent, ast.Return) and own
