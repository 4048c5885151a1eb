"""Configuration written in the module as a string: `json.loads(TEXT)` and `tomllib.loads(TEXT)`
of a string the evaluator knows give the dict (list, number...) the library gives, read by the
library itself (its parser, never the program's code).

Why: a program's defaults held in an embedded JSON or TOML document (`"ordered": true`)
decide what JAX does (`ordered=cfg["ordered"]` under `vmap`); unmodelled, the value is unknown
and the check stays quiet. A text that is not known (read from a file, from the environment),
a parser's error, or a document too large to hold, gives nothing known.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from jax_lsp.analysis.interp_state import MAX_DEPTH_ITEMS, MAX_ITEMS
from jax_lsp.analysis.values import NOCONST, Value

#: the loaders, by canonical name, and what they parse with
if sys.version_info >= (3, 11):
    import tomllib

    _TOML_LOADS = tomllib.loads
else:  # pragma: no cover - Python 3.10: the tomli backport (the same parser)
    import tomli

    _TOML_LOADS = tomli.loads

LOADERS = {"json.loads": json.loads, "tomllib.loads": _TOML_LOADS, "tomli.loads": _TOML_LOADS}


def loads(name: str, args: Any) -> Value | None:
    """The value of `json.loads(text)` / `tomllib.loads(text)` (`args`: the call's `Args`);
    None where the text is not a known string, or keywords are given (`object_hook`...)."""
    if len(args.pos) != 1 or args.kw or args.star is not None or args.dstar is not None:
        return None
    text = args.pos[0].const
    if not isinstance(text, str):
        return None
    try:
        loaded = LOADERS[name](text)
    except (ValueError, RecursionError):  # (json's and tomllib's decode errors are these)
        return None
    return as_value(loaded)


def as_value(obj: object, depth: int = 0) -> Value | None:
    """The evaluator's value of a parsed document's part; None where it cannot hold it."""
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return Value(const=obj, intish=type(obj) in (int, bool))
    if depth >= MAX_DEPTH_ITEMS:
        return None
    if isinstance(obj, dict):
        if len(obj) > MAX_ITEMS:
            return None
        items = [as_value(v, depth + 1) for v in obj.values()]
        if any(i is None for i in items):
            return None
        return Value(items=tuple(items), keys=tuple(obj))  # type: ignore[arg-type]
    if isinstance(obj, list):
        if len(obj) > MAX_ITEMS:
            return None
        items = [as_value(v, depth + 1) for v in obj]
        if any(i is None for i in items):
            return None
        consts = [i.const for i in items]  # type: ignore[union-attr]
        return Value(items=tuple(items),  # type: ignore[arg-type]
                     const=tuple(consts) if NOCONST not in consts else NOCONST)
    return None
