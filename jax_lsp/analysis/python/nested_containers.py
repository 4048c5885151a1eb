"""In-place changes of a container held at a key of a dict: `self._handlers[name].append(fn)`,
`self.handlers.setdefault(topic, []).append(fn)`, `TABLE[k].remove(fn)`.

Why: an event bus keeps its handlers in lists, one per topic, in a dict; its `on` appends to
the list at the topic's key and its `emit` calls what that list holds. Read as a change of an
unknown object, the subscription was lost: the handler was not seen called where the bus
emits (under a vmap, an ordered io_callback it calls), and one unsubscribed (`off`) not seen
removed.

What is followed, and only that: the dict a name or an instance's attribute holds (as a
list's `append` on them is, `calls._rebind_changed` / `change_attribute`), of known keys; the
key a constant, a name or an attribute of one (evaluated again: no call runs twice); for
`setdefault(k, d)` with `d` a display or constant, an absent key's entry starting as `d`
(Python stores it there), for `[k]` an absent key not followed (Python raises `KeyError`).
The entry at that key is changed as the method changes a list held by a name.

Followed with them, since a table whose entries are now known must lose them as Python's
does: `d.pop(k[, default])` of a known key takes its entry out of a dict of known keys a name
or an attribute holds (a one-shot listener table emptied by its first `emit`); an unknown key
leaves the dict as it was (an over-approximation: the entry may still be there).
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from jax_lsp.analysis.python.statements import dict_with
from jax_lsp.analysis.values import Value

#: an expression evaluated again to find the key (reads only: no call)
_PLAIN_KEYS = (ast.Constant, ast.Name, ast.Attribute)
#: a `setdefault` default evaluated again (a fresh display or a constant)
_PLAIN_DEFAULTS = (ast.Constant, ast.List, ast.Dict, ast.Set, ast.Tuple)


def entry_of(expr: ast.expr) -> tuple[ast.expr, ast.expr, ast.expr | None] | None:
    """`(holder, key, default)` where `expr` is `holder[key]` (default None) or
    `holder.setdefault(key, default)`, the holder a name or `name.attr`; None otherwise."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.ctx, ast.Load):
        holder, key, default = expr.value, expr.slice, None
    elif (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)
          and expr.func.attr == "setdefault" and len(expr.args) == 2 and not expr.keywords
          and not any(isinstance(a, ast.Starred) for a in expr.args)):
        holder, (key, default) = expr.func.value, expr.args
        if not (isinstance(default, _PLAIN_DEFAULTS) and all(
                isinstance(e, ast.Constant) for e in ast.walk(default)
                if isinstance(e, ast.expr) and e is not default)):
            return None
    else:
        return None
    if not (isinstance(holder, ast.Name) or (
            isinstance(holder, ast.Attribute) and isinstance(holder.value, ast.Name))):
        return None
    if not isinstance(key, _PLAIN_KEYS) or (
            isinstance(key, ast.Attribute) and not isinstance(key.value, ast.Name)):
        return None
    return holder, key, default


def with_changed_entry(old: Value, key: object, default: Value | None,
                       change: Callable[[Value], Value | None]) -> Value | None:
    """The dict `old` with its entry at `key` changed by `change` (an absent key's entry
    starting as `default`, not followed without one); None where not followed."""
    if old.keys is None or old.items is None:
        return None
    if key in old.keys:
        entry: Value | None = old.items[old.keys.index(key)]
    else:
        entry = default
    if entry is None:
        return None
    new = change(entry)
    return None if new is None else dict_with(old, key, new)


def without_key(old: Value, key: object) -> Value | None:
    """The dict `old` of known keys after `old.pop(key)` of a key it holds; None where not
    followed (unknown keys, or a key it lacks: Python returns the default, or raises)."""
    if old.keys is None or old.items is None or key not in old.keys:
        return None
    i = old.keys.index(key)
    items = (*old.items[:i], *old.items[i + 1:])
    return Value(
        tan=frozenset().union(*(v.tan for v in items)),
        items=items,
        keys=(*old.keys[:i], *old.keys[i + 1:]),
        traced=any(v.traced for v in items),
    )
