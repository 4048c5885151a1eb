"""`min`, `max` and `sorted` call the `key=` function they are handed on every item before
they return (Python does, once per item; measured: `min(CANDIDATES.items(), key=score)` runs
`score` on each pair). The evaluator runs the key there, on each item of a sequence it knows
(a tuple, a list, a dict's keys, `d.items()` of a known dict; `min(a, b, key=f)`: its
positional arguments), so what the key does (a `jax.grad` of a custom rule) is analysed where
the program does it. A sequence whose items are not known is left alone: which values the key
sees is not known (precision first). What the call returns is not changed here."""

from __future__ import annotations

import ast
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.python.calling_back import CALLS_BACK
from jax_lsp.analysis.values import Api, Value

#: the builtins that call their `key=` on each item: those `calling_back` lists as calling
#: back only through `key=` (one table of which library functions call what they are handed)
KEYED = frozenset(name for name, (positions, keywords) in CALLS_BACK.items()
                  if name.startswith("builtins.") and keywords == ("key",) and not positions)


def _items(ev: Any, name: str, args: Args) -> list[Value] | None:
    """The items the call hands its key, where known."""
    if args.star is not None or args.dstar is not None or not args.pos:
        return None
    if len(args.pos) > 1:
        return None if name == "builtins.sorted" else list(args.pos)
    seq = ev.resolve_lazy(args.pos[0])
    if seq.items is None:
        return None
    if seq.keys is not None:  # (a dict iterates over its keys)
        return [Value(const=k) for k in seq.keys]
    return list(seq.items)


def run_keys(ev: Any, name: str, args: Args, node: ast.AST | None) -> None:
    """Run the call's `key=` function on each item it compares, as Python does."""
    key = args.kw.get("key")
    if key is None or not key.fns or all(isinstance(f, Api) for f in key.fns):
        return
    items = _items(ev, name, args)
    if not items:
        return
    for item in items:
        ev.call_value(key, Args.of(item), node)
