"""`MappingProxyType(TABLE)` and `ChainMap(OVERRIDES, DEFAULTS)`: views that read the dicts
they were made over as those are when read.

The evaluator's dicts are values: a view made of one would keep the entries the dict had
when the view was made, while Python's view sees every later change of the dict in place
(measured: a host reading `CONVERTERS["celsius"]` of `MappingProxyType(_CONVERTERS)` runs the
converter `register` stored into `_CONVERTERS` after; of `MappingProxyType(dict(_CONVERTERS))`
it runs the one the copy had; `ChainMap(RUN_OVERRIDES, DEFAULTS)` sees a key written into
`RUN_OVERRIDES` later). A view over module-level names each bound once (so the object a name
holds is the one the view holds), each changed only by item stores the evaluator follows
(`NAME[k] = v`, `NAME.update(mapping)`, `NAME.update(k=v)`; from a function, where the store
certainly runs: `_store_global_entry`) and handed to nothing else, is kept as those names: a
subscript of it looks the key up in the first dict's value now (a key it lacks is not known:
it may have been stored there unfollowed). Any other view is not followed.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python import dict_aliases
from jax_lsp.analysis.values import NOCONST, UNKNOWN, Value

#: the calls that make a view of the dicts they are given
MAKERS = frozenset({"types.MappingProxyType", "collections.ChainMap"})
#: their names as a module calls them
_VIEW_NAMES = frozenset(m.rsplit(".", 1)[1] for m in MAKERS)
#: a dict's methods that read it, keeping no reference to it
_READ_METHODS = frozenset({"get", "keys", "values", "items", "copy"})


@dataclass(frozen=True, slots=True)
class View:
    """A view over the analysed module's dicts bound to `names` (looked up in that order)."""

    names: tuple[str, ...]


def made(ev: Any, maker: str, args: Args) -> Value | None:
    """The view `maker(*args)` makes, or None where it is not over names bound once."""
    if (args.kw or args.star is not None or args.dstar is not None or not args.pos
            or (maker == "types.MappingProxyType" and len(args.pos) != 1)
            or ev.module is not ev.main):
        return None
    names = []
    for node in args.pos_nodes:
        if not isinstance(node, ast.Name) or not _bound_once(ev.tree, node.id):
            return None
        names.append(node.id)
    return Value(fns=(View(tuple(names)),))


def subscript(ev: Any, view: View, index: Value) -> Value:
    """`view[key]`: the entry of the first dict, when it holds `key`; not known otherwise. A
    dict lacking the key may have gained it by a store the evaluator does not follow (a
    value not a function, stored from a function: `OVERRIDES["ordered"] = False`), so a
    later dict's entry is never taken for it."""
    key = index.const
    if key is NOCONST:
        return UNKNOWN
    held = ev.lookup(view.names[0], ev.main.scope)
    for k, v in zip(held.keys or (), held.items or ()):
        if k == key and type(k) is type(key):
            return v
    return UNKNOWN


def _bound_once(tree: ast.Module, name: str) -> bool:
    """Whether the module binds `name` once, by an assignment among its own top-level
    statements (`dict_aliases.Tree.bound_once`), and changes its dict only by item stores
    (`NAME[k] = v`, `NAME.update(mapping or k=v)`, which the evaluator follows; not
    `setdefault`, `pop`, `del`), handing it to nothing but the views it makes. The uses are
    those the scope model says read the module's name (a function's own local of that
    spelling is another name)."""
    t = dict_aliases.tree_of(tree)
    if t.bound_once(name) not in tree.body:  # (None is no statement)
        return False
    for n in t.uses((tree, name)):
        if not isinstance(n.ctx, ast.Load):
            continue  # (the one binding)
        up = t.parents.get(n)
        if isinstance(up, ast.Subscript) and up.value is n:
            if isinstance(up.ctx, ast.Del):
                return False
        elif isinstance(up, ast.Call) and any(a is n for a in up.args):
            callee = up.func.attr if isinstance(up.func, ast.Attribute) else getattr(
                up.func, "id", None)
            if callee not in _VIEW_NAMES:
                return False
        elif isinstance(up, ast.Attribute):
            call = t.parents.get(up)
            if not (isinstance(call, ast.Call) and call.func is up):
                return False
            if up.attr == "update":  # (followed as its item stores are: `_update_dict`)
                if any(isinstance(a, ast.Starred) for a in call.args) or any(
                        k.arg is None for k in call.keywords) or len(call.args) > 1:
                    return False
            elif up.attr not in _READ_METHODS:
                return False
        elif not (isinstance(up, ast.Compare) and any(c is n for c in up.comparators)):
            return False  # (`k in NAME` reads it; anything else may hand it on)
    return True
