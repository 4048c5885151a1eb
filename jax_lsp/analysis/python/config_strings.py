"""Configuration written in the module as a string: `json.loads(TEXT)` and `tomllib.loads(TEXT)`
of a string the evaluator knows give the dict (list, number...) the library gives, read by the
library itself (its parser, never the program's code).

Why: a program's defaults held in an embedded JSON or TOML document (`"ordered": true`)
decide what JAX does (`ordered=cfg["ordered"]` under `vmap`); unmodelled, the value is unknown
and the check stays quiet. A text that is not known (read from a file, from the environment),
a parser's error, or a document too large to hold, gives nothing known.
"""

from __future__ import annotations

from typing import Any

from jax_lsp.analysis.interp_state import MAX_DEPTH_ITEMS, MAX_ITEMS
from jax_lsp.analysis.values import NOCONST, Value
from jax_lsp.bounded_formats import load_json, load_toml

#: the loaders, by canonical name: the bounded parsers a repository's documents are read
#: with (`bounded_formats`: a pathological text is refused, not parsed for seconds)
LOADERS = {"json.loads": load_json, "tomllib.loads": load_toml, "tomli.loads": load_toml}


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
    except ValueError:  # (decode errors, and `bounded_formats.TooComplex`)
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
