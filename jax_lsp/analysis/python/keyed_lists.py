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
known; anything else leaves the dict as it was (the entry unknown to the readers)."""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import Scope
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


def pop_entry(ev: Any, held: ast.expr, key: Value, scope: Scope) -> None:
    """`d.pop(k[, default])` of a dict of known keys listing the known key `k`: the dict
    without that entry (a one-shot handler table emptied as it runs)."""
    k = key.const
    if k is NOCONST:
        return

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
