"""Whether a list's length is the length of the list its name was bound to.

The evaluator does not take `len(xs)` of a list as known: the items it holds may be stale,
the list changed in place through another name bound to it (an alias) or by a function it
was passed to. A list that is built fresh where its name is bound (a display, a
comprehension, `list(...)`), bound once, and whose every use reads it without handing it on
(`len(xs)`, `enumerate(xs)`, `for x in xs`, `xs[i]`, `xs.index(v)`) keeps its length: no
alias exists to change it. An alias that is itself only read (`names = PARAMS` in a function
that then only iterates `names`, bound there once) changes nothing either. This is that
check, from the syntax of the code the name is visible in (a function's body, with its nested
functions; or the whole module for a module-level name).
"""

from __future__ import annotations

import ast
import weakref

from jax_lsp.analysis.syntax import child_nodes, iter_nodes

#: builtins that read an iterable and keep no reference to it that outlives the call
_READERS = frozenset({
    "len", "enumerate", "zip", "reversed", "list", "tuple", "sorted", "set", "frozenset",
    "iter", "sum", "min", "max", "any", "all", "map", "filter", "str", "repr", "print",
})

#: list methods that read the list, changing nothing and keeping no reference to it
_READ_METHODS = frozenset({"index", "count", "copy"})

#: the calls that build a new list (or tuple) when a name is bound to them
_FRESH_CALLS = frozenset({"list", "tuple", "sorted"})


def _fresh(value: ast.expr) -> bool:
    """Whether `value` builds a new sequence that no other name refers to yet."""
    if isinstance(value, (ast.List, ast.Tuple, ast.ListComp)):
        return True
    return (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
            and value.func.id in _FRESH_CALLS)


#: `unaliased`'s answers by node and name, for as long as the node lives: a tree's nodes are
#: never changed in place (an edit makes a new module node around the statements it keeps),
#: and `len(xs)` is asked again each time a loop body or a function runs (a walk of the whole
#: module for a module-level name: 269 walks of 49 (node, name) in a check of jax, flax,
#: optax and equinox)
_ANSWERS: weakref.WeakKeyDictionary[ast.AST, dict[str, bool]] = weakref.WeakKeyDictionary()


def unaliased(within: ast.AST, name: str) -> bool:
    """Whether the list bound to `name` in `within` (a function or a module) is built fresh,
    bound once, and only read where it is used: its length is the one it was built with.
    A builtin shadowed in `within` (`len = ...`) counts as a use that may keep it."""
    known = _ANSWERS.get(within)
    if known is None:
        known = _ANSWERS[within] = {}
    answer = known.get(name)
    if answer is None:
        answer = known[name] = _unaliased(within, name)
    return answer


def _unaliased(within: ast.AST, name: str, alias: bool = False) -> bool:
    """`unaliased`, found by a walk of `within`; `alias`: `name` is bound once to another
    name's list (a read-only alias of it, itself aliased by nothing), not to a fresh one."""
    bound = 0
    parents: dict[ast.AST, ast.AST] = {}
    uses: list[ast.Name] = []
    shadowed = set()
    for node in iter_nodes(within):
        for child in child_nodes(node):
            parents[child] = node
        if isinstance(node, ast.Name) and node.id == name:
            uses.append(node)
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and (
                node.id in _READERS):
            shadowed.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and (
                node.name in _READERS):
            shadowed.add(node.name)
        elif isinstance(node, (ast.arg)) and node.arg in (_READERS | {name}):
            if node.arg == name:
                return False  # a parameter of that name somewhere: another binding
            shadowed.add(node.arg)
    for use in uses:
        parent = parents.get(use)
        if isinstance(use.ctx, ast.Store):
            bound += 1
            if not (isinstance(parent, ast.Assign) and len(parent.targets) == 1
                    and parent.targets[0] is use and (
                        isinstance(parent.value, ast.Name) if alias else _fresh(parent.value))):
                return False
        elif isinstance(use.ctx, ast.Del):
            return False
        elif not _reads_only(use, parent, shadowed) and (
                alias or not _read_alias(use, parent, parents, name)):
            return False
    return bound == 1


def _read_alias(use: ast.Name, parent: ast.AST | None, parents: dict[ast.AST, ast.AST],
                name: str) -> bool:
    """Whether this load binds a local of a function to the list (`names = PARAMS`) that is
    bound there only so and only read there: the alias changes nothing."""
    if not (isinstance(parent, ast.Assign) and parent.value is use and len(parent.targets) == 1
            and isinstance(parent.targets[0], ast.Name) and parent.targets[0].id != name):
        return False
    up: ast.AST | None = parent
    while up is not None and not isinstance(up, (ast.FunctionDef, ast.AsyncFunctionDef)):
        up = parents.get(up)
    return up is not None and _unaliased(up, parent.targets[0].id, alias=True)


def _reads_only(use: ast.Name, parent: ast.AST | None, shadowed: set[str]) -> bool:
    """Whether this load of the list reads it and hands it to nothing that could keep it."""
    if isinstance(parent, ast.Call) and use in parent.args:
        func = parent.func
        return isinstance(func, ast.Name) and func.id in _READERS and func.id not in shadowed
    if isinstance(parent, ast.Subscript) and parent.value is use:
        return isinstance(parent.ctx, ast.Load)
    if isinstance(parent, ast.Attribute) and parent.value is use:
        return parent.attr in _READ_METHODS  # (`xs.index(v)`: a call of it reads the list)
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)) and parent.iter is use:
        return True
    if isinstance(parent, ast.Compare):  # `x in xs`, `xs == other`
        return True
    return False
