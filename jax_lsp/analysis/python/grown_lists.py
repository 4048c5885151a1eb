"""Lists that only grow: after `self.draws.append(d)` runs, `if self.draws:` is true.

The evaluator joins what an instance's attribute held with what a change in place made of
it (the change may not have run, or the instance may stand for several objects), so a list
attribute appended to in a host's run is of no known length and a test of its truth is
guessed (a recorder's `__exit__` testing `if self.draws:`, a history's `__bool__` testing
`if not self.values:`). Where the change certainly ran, once, on one object, the list holds
at least the items it was given (`Value.min_items`) for as long as nothing can take items
out of it: the module never empties the attribute in place (`pop`, `clear`, `remove`, `del
x.draws[i]`, a slice stored) nor hands it to code that could (each mention of `.draws`
appends to it, reads an item or a slice of it, tests it or is read by a builtin that keeps
no reference, or by a function of NumPy or `jax.numpy`: each converts a list it is given
to a new array, `np.asarray(hist.values)`, and none takes items out of it). Rebinding the
attribute is the evaluator's own store, followed as any.
"""

from __future__ import annotations

import ast
import dataclasses
import weakref
from typing import Any

from jax_lsp.analysis.interp_state import GUESSED, Scope
from jax_lsp.analysis.syntax import child_nodes, iter_nodes
from jax_lsp.analysis.values import Instance, Value

#: the methods that add items to a list, and what each adds
GROWING = frozenset({"append", "extend", "insert"})
#: builtins reading a sequence without keeping it
_READERS = frozenset({"len", "bool", "list", "tuple", "sorted", "sum", "min", "max", "any",
                      "all", "enumerate", "zip", "reversed", "iter", "str", "repr", "print"})

#: the modules whose functions read a list given to them into a new array, never keeping
#: it nor taking items out (`np.random.shuffle` reorders it in place: as many items)
_ARRAY_MODULES = ("numpy", "jax.numpy")

_ANSWERS: weakref.WeakKeyDictionary[ast.Module, dict[str, bool]] = weakref.WeakKeyDictionary()


def only_grows(tree: ast.Module, attr: str) -> bool:
    """Whether every mention of `.attr` in the module (on any object) adds to it or reads
    it without handing it on or taking items out."""
    answers = _ANSWERS.get(tree)
    if answers is None:
        answers = _ANSWERS[tree] = {}
    known = answers.get(attr)
    if known is None:
        known = answers[attr] = _only_grows(tree, attr)
    return known


def _only_grows(tree: ast.Module, attr: str) -> bool:
    parents: dict[int, ast.AST] = {}
    mentions: list[ast.Attribute] = []
    for node in iter_nodes(tree):
        for child in child_nodes(node):
            parents[id(child)] = node
        if isinstance(node, ast.Attribute) and node.attr == attr:
            mentions.append(node)
    if not mentions:
        return False
    arrays = _array_module_names(tree)
    return all(_grows_or_reads(m, parents, arrays) for m in mentions)


def _array_module_names(tree: ast.Module) -> frozenset[str]:
    """The names the module binds to NumPy or `jax.numpy` at its top level (`import numpy
    as np`, `import jax.numpy as jnp`, `from jax import numpy as jnp`), unless bound again
    there otherwise."""
    found: set[str] = set()
    other: set[str] = set()
    for st in tree.body:
        if isinstance(st, ast.Import):
            for a in st.names:
                if a.asname is not None and a.name in _ARRAY_MODULES:
                    found.add(a.asname)
                elif a.asname is None and a.name == "numpy":
                    found.add("numpy")
                else:
                    other.add(a.asname or a.name.split(".", 1)[0])
        elif isinstance(st, ast.ImportFrom):
            for a in st.names:
                full = f"{st.module}.{a.name}" if st.module and not st.level else None
                (found if full in _ARRAY_MODULES else other).add(a.asname or a.name)
        else:
            for node in ast.walk(st):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                    other.add(node.id)
    return frozenset(found - other)


def _array_function(func: ast.expr, arrays: frozenset[str]) -> bool:
    """Whether `func` is written as a function of NumPy or `jax.numpy` (`np.asarray`,
    `np.linalg.norm`), by a name `_array_module_names` found."""
    while isinstance(func, ast.Attribute):
        func = func.value
        if isinstance(func, ast.Name):
            return func.id in arrays
    return False


def _grows_or_reads(m: ast.Attribute, parents: dict[int, ast.AST],
                    arrays: frozenset[str] = frozenset()) -> bool:
    if isinstance(m.ctx, ast.Store):
        return True  # (a rebinding: the evaluator's store)
    if isinstance(m.ctx, ast.Del):
        return False
    up = parents.get(id(m))
    if isinstance(up, ast.Attribute):  # `x.draws.append(d)`
        call = parents.get(id(up))
        return up.attr in GROWING and isinstance(call, ast.Call) and call.func is up
    if isinstance(up, ast.Subscript):  # `x.draws[-1]`, never `x.draws[i] = v` / `del`
        return up.value is m and isinstance(up.ctx, ast.Load)
    if isinstance(up, ast.Call):  # `len(x.draws)`, `np.asarray(x.draws)`
        if up.func is m:
            return False
        if isinstance(up.func, ast.Name):
            return up.func.id in _READERS and any(a is m for a in up.args)
        return _array_function(up.func, arrays)
    if isinstance(up, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        return up.test is m  # type: ignore[attr-defined]
    if isinstance(up, ast.UnaryOp):
        return isinstance(up.op, ast.Not)
    while isinstance(up, ast.BoolOp):  # (`a and x.draws` gives the list unless tested)
        inner, up = up, parents.get(id(up))
        if isinstance(up, ast.UnaryOp):
            return isinstance(up.op, ast.Not)
        if isinstance(up, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            return up.test is inner  # type: ignore[attr-defined]
        if not isinstance(up, ast.BoolOp):
            return False
    if isinstance(up, (ast.For, ast.comprehension)):
        return up.iter is m
    return False


def before(ev: Any, target: ast.expr, scope: Scope) -> tuple[Instance, int] | None:
    """Ahead of `obj.attr.append(v)` (extend, insert): the one object and how many items
    its list attribute surely holds, where the change will certainly run once on it (the
    module's own code, on no guessed path, outside a loop run to a fixpoint, a `try` body
    or a comprehension: `ev.uncertain`) and the attribute only grows; else None."""
    if not (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
            and ev.module is ev.main and ev.uncertain == 0):
        return None
    obj = ev.eval(target.value, scope)
    if len(obj.fns) != 1 or type(obj.fns[0]) is not Instance or not obj.fns[0].singular:
        return None
    old = obj.fns[0].attrs.get(target.attr)
    if old is None or old.keys is not None or old.fns or old.traced:
        return None
    if ev.reads(GUESSED).guessed or not only_grows(ev.tree, target.attr):
        return None
    return obj.fns[0], len(old.items) if old.items is not None else old.min_items


def after(grown: tuple[Instance, int], attr: str, how: str, v: Value) -> None:
    """Once the change ran: the attribute holds at least one more item (those `extend`
    was given, when known)."""
    inst, count = grown
    added = (len(v.items) if v.items is not None and v.keys is None else 0) if (
        how == "extend") else 1
    new = inst.attrs.get(attr)
    if new is None or new.items is not None or new.keys is not None or (
            new.min_items >= count + added):
        return
    inst.attrs[attr] = dataclasses.replace(new, min_items=count + added)


def surely_true(v: Value) -> bool:
    """Whether `v` is a sequence known to hold an item (`before`/`after`): true as a test."""
    return (v.min_items > 0 and v.items is None and v.keys is None and not v.fns
            and not v.traced)
