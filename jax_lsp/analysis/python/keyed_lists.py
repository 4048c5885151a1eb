"""Handler tables: dicts whose entries are lists changed in place, keyed by an event's name.

An event emitter keeps its handlers as `self.handlers.setdefault(event, []).append(fn)`, or
in a `collections.defaultdict(list)` as `self.handlers[event].append(fn)`, and takes a
one-shot handler out as it runs it (`pending = self.once.pop(event, [])`); its `emit` later
calls each function of the entry. Python changes the list the dict holds at that key; the
evaluator's values are not changed once built, so the change is the dict with that entry
replaced by the grown list, stored where the dict is held (a name, or an instance's
attribute: `change_attribute`, in place of the old dict on a certain path, joined with it
elsewhere). `d.pop(k)` of a key the dict lists leaves it without that entry. Followed only
where the key is a known constant (a literal, or a name holding one) and the dict's keys are
known; anything else leaves the dict as it was (the entry unknown to the readers).

Precision: the evaluator's lists are values, not shared objects, so a change made through
another name for the entry's list (`lst = d[k]; lst.remove(h)`, a `cancel` closure's
`d[k].remove(h)`, `.clear()`) would leave a stale handler that a host's emit then runs. So an
entry is grown only where every mention of the dict's name in the analysed module (the
attribute's name, of any object, or the module-level name) is one of the shapes followed
here: bound to a display, `dict()` or `defaultdict(list)`; an entry grown as a statement;
an entry read (`d.get(k, [])`, `d[k]`, `d.pop(k, [])`) only to be iterated (a `for`, a
comprehension, `list(...)`, `len(...)`, or a local only iterated so), or `k in d`; and no
string names it (`_followed`). Elsewhere the entry stays as the `setdefault` made it: no
handler is called (quiet)."""

from __future__ import annotations

import ast
import weakref
from typing import Any

from jax_lsp.analysis.interp_state import Scope
from jax_lsp.analysis.python import object_lists
from jax_lsp.analysis.python.statements import dict_with
from jax_lsp.analysis.values import NOCONST, Api, Value

#: the methods of a list growing it in place
GROWING = frozenset({"append", "extend", "insert"})


def made(factory: Value) -> Value | None:
    """`collections.defaultdict(list)`: a dict of no keys whose missing key reads (and
    stores) an empty list; None for any other factory (not followed)."""
    if len(factory.fns) == 1 and type(factory.fns[0]) is Api and factory.fns[0].name == (
            "builtins.list"):
        return Value(items=(), keys=(), default_entry=Value(items=()))
    return None


def entry_of(receiver: ast.expr) -> tuple[ast.expr, ast.expr, ast.expr | None] | None:
    """For the receiver of `.append(...)`: (the dict, its key, the default `setdefault`
    gives) where it is `d.setdefault(k, default)` or `d[k]`, `d` a name or a name's
    attribute (`self.handlers`), `k` a literal or a name (read again without effect)."""
    if isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute) and (
            receiver.func.attr == "setdefault" and len(receiver.args) == 2
            and not receiver.keywords):
        held, key, default = receiver.func.value, receiver.args[0], receiver.args[1]
    elif isinstance(receiver, ast.Subscript):
        held, key, default = receiver.value, receiver.slice, None
    else:
        return None
    if not isinstance(key, (ast.Constant, ast.Name)) or isinstance(default, ast.Starred):
        return None
    if isinstance(held, ast.Name) or (
            isinstance(held, ast.Attribute) and isinstance(held.value, ast.Name)):
        return held, key, default
    return None


def grow_entry(ev: Any, entry: tuple[ast.expr, ast.expr, ast.expr | None], how: str,
               v: Value, scope: Scope) -> None:
    """`d.setdefault(k, []).append(v)` / `d[k].append(v)` (extend, insert): the dict `d`
    holds the grown list at `k` (the `setdefault` call, evaluated first, put its default
    there; a defaultdict's missing key is its empty list)."""
    held, key_node, _ = entry
    if ev.module is not ev.main or not _followed(ev.tree, held):
        return
    key = ev.eval(key_node, scope).const
    if key is NOCONST or not isinstance(key, (str, int, bool, tuple)):
        return

    def change(old: Value) -> Value | None:
        if old.keys is None or old.items is None:
            return None
        at = _index(old, key)
        current = old.items[at] if at is not None else old.default_entry
        if current is None or current.items is None or current.keys is not None:
            return None
        grown = ev._list_with(current, how, v)
        return None if grown is None else _with(old, key, grown)

    _change(ev, held, scope, change)


def pop_entry(ev: Any, held: ast.expr, key: Value, scope: Scope) -> bool:
    """`d.pop(k[, default])` of a dict of known keys listing the known key `k`: the dict
    without that entry (a one-shot handler table emptied as it runs). False where the
    table is not one this module follows (the call left to the dicts' own model)."""
    k = key.const
    if k is NOCONST or ev.module is not ev.main or not _followed(ev.tree, held):
        return False

    def change(old: Value) -> Value | None:
        if old.keys is None or old.items is None:
            return None
        at = _index(old, k)
        if at is None:
            return None
        keys = old.keys[:at] + old.keys[at + 1:]
        items = old.items[:at] + old.items[at + 1:]
        return Value(tan=frozenset().union(*(i.tan for i in items)), items=items, keys=keys,
                     traced=any(i.traced for i in items), default_entry=old.default_entry)

    _change(ev, held, scope, change)
    return True


def _index(d: Value, key: Any) -> int | None:
    return next((i for i, k in enumerate(d.keys or ()) if type(k) is type(key) and k == key),
                None)


def _with(d: Value, key: Any, v: Value) -> Value | None:
    new = dict_with(d, key, v)
    if new is None or d.default_entry is None:
        return new
    return Value(tan=new.tan, items=new.items, keys=new.keys, traced=new.traced,
                 default_entry=d.default_entry)


def _change(ev: Any, held: ast.expr, scope: Scope, change: Any) -> None:
    if isinstance(held, ast.Name):
        ev._rebind_changed(held.id, scope, change)
    else:
        ev.change_attribute(held, scope, change)


#: per module: whether the dict each name (an attribute's or a module-level one) holds is
#: changed and read only as this module follows (`_followed`)
_ANSWERS: weakref.WeakKeyDictionary[ast.Module, dict[tuple[str, bool], bool]] = (
    weakref.WeakKeyDictionary())
def remove_entry(ev: Any, entry: tuple[ast.expr, ast.expr, ast.expr | None], v: Value,
                 scope: Scope) -> bool:
    """`d[k].remove(v)` of a table this module follows: the list at `k` less the one object
    `v` is (`object_lists`: an instance made once, a module's top-level def; a bus's
    `off(topic, handler)`). False where the table or the object is not known."""
    held, key_node, _ = entry
    if ev.module is not ev.main or not _followed(ev.tree, held):
        return False
    key = ev.eval(key_node, scope).const
    if key is NOCONST or not isinstance(key, (str, int, bool, tuple)):
        return False

    def change(old: Value) -> Value | None:
        if old.keys is None or old.items is None:
            return None
        at = _index(old, key)
        if at is None:
            return None
        left = object_lists.without(old.items[at], v)
        return None if left is None else _with(old, key, ev._seq(left))

    _change(ev, held, scope, change)
    return True


_ITERATING = frozenset({"list", "tuple", "len", "sorted", "reversed", "enumerate"})


def _followed(tree: ast.Module, held: ast.expr) -> bool:
    """Whether every mention of the name `held` spells (an attribute's, of any object, or a
    module-level name) is a shape this module follows (see the module's docstring)."""
    attr = isinstance(held, ast.Attribute)
    name = held.attr if isinstance(held, ast.Attribute) else held.id  # type: ignore[attr-defined]
    answers = _ANSWERS.setdefault(tree, {})
    known = answers.get((name, attr))
    if known is None:
        known = answers[(name, attr)] = _all_followed(tree, name, attr)
    return known


def _all_followed(tree: ast.Module, name: str, attr: bool) -> bool:
    parents: dict[ast.AST, ast.AST] = {}
    mentions: list[ast.AST] = []
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
        if isinstance(node, ast.Constant) and node.value == name:
            return False  # (named by a string: `getattr(obj, "handlers")`)
        if (attr and isinstance(node, ast.Attribute) and node.attr == name) or (
                not attr and isinstance(node, ast.Name) and node.id == name):
            mentions.append(node)
        elif not attr and isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            mentions.append(node)
    return all(_shape_followed(m, parents) for m in mentions)


def _shape_followed(m: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    up = parents.get(m)
    if isinstance(m, (ast.Global, ast.Nonlocal)):
        return True
    if not isinstance(getattr(m, "ctx", None), ast.Load):
        return isinstance(up, ast.Assign) and len(up.targets) == 1 and _fresh(up.value)
    if isinstance(up, ast.Compare) and m in up.comparators and all(
            isinstance(op, (ast.In, ast.NotIn)) for op in up.ops):
        return True  # `k in d`
    read: ast.expr
    if isinstance(up, ast.Subscript) and up.value is m:
        read = up  # `d[k]`
    elif isinstance(up, ast.Attribute) and up.value is m and isinstance(
            call := parents.get(up), ast.Call) and call.func is up:
        if up.attr == "setdefault":
            grow = parents.get(call)
            return isinstance(grow, ast.Attribute) and grow.attr in GROWING and _statement(
                parents.get(grow), parents)
        if up.attr not in ("get", "pop"):
            return False
        read = call
    else:
        return False
    if not isinstance(read.ctx if isinstance(read, ast.Subscript) else ast.Load(), ast.Load):
        return False  # (`d[k] = ...`, `del d[k]`: not followed)
    grow = parents.get(read)
    if isinstance(read, ast.Subscript) and isinstance(grow, ast.Attribute) and (
            grow.attr in GROWING):
        return _statement(parents.get(grow), parents)
    if isinstance(read, ast.Subscript) and isinstance(grow, ast.Attribute) and (
            grow.attr == "remove"):
        return _statement(parents.get(grow), parents) and _runs_as_called(grow, parents)
    return _iterated(read, parents)


def _runs_as_called(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """`node` is in a method or a module-level function, not in a function nested in one (a
    `cancel` closure handed out runs where the evaluator may not see it: a removal there
    would be taken as done, or not, wrongly)."""
    scope = parents.get(node)
    while scope is not None and not isinstance(
            scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        scope = parents.get(scope)
    if not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    up = parents.get(scope)
    return isinstance(up, ast.Module) or (
        isinstance(up, ast.ClassDef) and isinstance(parents.get(up), ast.Module))


def _statement(call: ast.AST | None, parents: dict[ast.AST, ast.AST]) -> bool:
    """`call` is a call whose result is dropped (an expression statement)."""
    return isinstance(call, ast.Call) and isinstance(parents.get(call), ast.Expr)


def _iterated(read: ast.AST, parents: dict[ast.AST, ast.AST], local: bool = True) -> bool:
    """The list `read` gives is only iterated: a `for`'s or a comprehension's iterable, an
    argument of `list`/`len`/... (a copy, its length, an iterator), or bound to a local
    name (`local`) whose every other mention is a read iterated so."""
    up = parents.get(read)
    if isinstance(up, ast.For) and up.iter is read or isinstance(
            up, ast.comprehension) and up.iter is read:
        return True
    if isinstance(up, ast.Call) and read in up.args and isinstance(up.func, ast.Name) and (
            up.func.id in _ITERATING):
        return True  # (a copy, its length, or an iterator over it)
    if local and isinstance(up, ast.Assign) and len(up.targets) == 1 and isinstance(
            target := up.targets[0], ast.Name):
        scope: ast.AST = up
        while scope in parents and not isinstance(
                scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)):
            scope = parents[scope]
        uses = [n for n in ast.walk(scope) if isinstance(n, ast.Name) and n.id == target.id
                and n is not target]
        return all(isinstance(n.ctx, ast.Load) and _iterated(n, parents, False) for n in uses)
    return False


def _fresh(value: ast.expr) -> bool:
    """A new dict: a display, `dict()`, `defaultdict(list)`."""
    if isinstance(value, ast.Dict):
        return True
    if isinstance(value, ast.Call):
        f = value.func
        spelled = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
        return spelled in ("dict", "defaultdict", "OrderedDict")
    return False
