"""Whether a value written as an entry of a registry dict can be picked out of it.

A module-level dict display of callables chosen by name (`CALLERS = {"plain": ..., "batched":
partial(jax.pure_callback, vectorized=True)}`, `VARIANTS = {"scalar": make_evaluate(), ...}`)
makes each entry, but only the entry a run picks out is called. A host check whose keyword is
written inside an entry that no read of the dict can pick out reports what never runs.

Decided only where the module shows every read of the dict, each a subscript (or `.get`)
whose key is known (`ModuleNames.constants`), or not known but a string the module never
writes elsewhere: an entry whose key the module never spells again can be picked out only by
a key from outside the text (a command line, a file), which is not known, so nothing is said.
Any other read (iterated, handed on, `.items()`) keeps the entry selectable."""

from __future__ import annotations

import ast

from jax_lsp.analysis.own_code import own_returns
from jax_lsp.analysis.static_names import ModuleNames
from jax_lsp.analysis.syntax import iter_nodes

PARTIAL = frozenset({"functools.partial", "jax.tree_util.Partial"})


def _entry(names: ModuleNames, node: ast.AST) -> tuple[ast.Dict, int] | None:
    """The module-level dict display (bound once to a name) and the index of the entry whose
    value holds `node`, with no function or class in between; None otherwise."""
    child, parent = node, names.parents.get(node)
    while parent is not None:
        if isinstance(parent, ast.Dict):
            if child in parent.values:
                return parent, parent.values.index(child)  # type: ignore[arg-type]
            return None
        if isinstance(parent, (ast.stmt, ast.Lambda, ast.comprehension)):
            return None
        child, parent = parent, names.parents.get(parent)
    return None


def _runs_only_when_called(names: ModuleNames, value: ast.expr, site: ast.Call) -> bool:
    """Whether making the entry `value` does not itself run the callback call `site`: the
    entry is a `functools.partial` (of the callback, or holding the site), or a call of a
    function of the module that defines the function around `site` and only returns it."""
    if not isinstance(value, ast.Call):
        return False
    if names.dotted(value.func) in PARTIAL:
        return True
    maker = names.definition(value.func)
    if not isinstance(maker, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    inner = names.scope_of(site)
    if not isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)) or (
            names.parents.get(inner) is not maker):
        return False
    returned = {id(r.value) for r in own_returns(maker) if r.value is not None}
    for node in iter_nodes(maker):
        if isinstance(node, ast.Name) and node.id == inner.name and id(node) not in returned:
            return False  # called, or handed on, where it is made
    return bool(returned)


def _bound_name(names: ModuleNames, table: ast.Dict) -> str | None:
    """The module-level name bound once (here) to the dict display `table`."""
    st = names.parents.get(table)
    if not (isinstance(st, ast.Assign) and st.value is table and len(st.targets) == 1
            and isinstance(st.targets[0], ast.Name) and names.scope_of(st) is names.tree):
        return None
    name = st.targets[0].id
    b = names.lookup(name, st)
    return name if b is not None and b.kind == "assign" and b.node is table else None


def never_selected(names: ModuleNames, given: ast.AST, site: ast.Call) -> bool:
    """Whether `given` (a keyword's value, reaching the callback call `site`) is written in an
    entry of a module-level registry dict that no read of the dict the module shows picks
    out (see the module's docstring): the entry's keyword never reaches a call that runs."""
    found = _entry(names, given)
    if found is None:
        return False
    table, i = found
    key, value = table.keys[i], table.values[i]
    name = _bound_name(names, table)
    if name is None or not (isinstance(key, ast.Constant) and isinstance(key.value, str)) or (
            not _runs_only_when_called(names, value, site)):
        return False
    spelled_elsewhere: bool | None = None
    reads = 0
    for node in names.walk_all():
        if not (isinstance(node, ast.Name) and node.id == name) or node is None:
            continue
        if isinstance(node.ctx, ast.Store) and names.parents.get(node) is names.parents.get(table):
            continue  # the binding itself
        b = names.lookup(name, node)
        if b is None or b.node is not table:
            continue
        parent = names.parents.get(node)
        if isinstance(parent, ast.Subscript) and parent.value is node and isinstance(
                parent.ctx, ast.Load):
            picked: ast.AST = parent.slice
        elif isinstance(parent, ast.Attribute) and parent.attr == "get" and isinstance(
                names.parents.get(parent), ast.Call) and names.parents.get(
                parent).args:  # type: ignore[union-attr]
            picked = names.parents.get(parent).args[0]  # type: ignore[union-attr]
        else:
            return False  # read otherwise: any entry may be called
        reads += 1
        keys = names.constants(picked)
        if keys is None:
            if spelled_elsewhere is None:
                spelled_elsewhere = any(
                    isinstance(n, ast.Constant) and n.value == key.value and n is not key
                    for n in names.walk_all())
            if spelled_elsewhere:
                return False
        elif key.value in keys:
            return False
    return reads > 0
