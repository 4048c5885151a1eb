"""The evaluator's reads of environment variables (`run_environment` holds the policy).

`os.environ.get(K, d)` / `os.getenv(K, d)` are the declared value of `K`, else `d` (None
without one): the variable unset where the program runs. `K in os.environ` is whether it is
declared. `os.environ[K]` is the declared value; of an undeclared variable it raises
KeyError, which the evaluator does not follow as a raise: it stays unknown. A variable the
program writes, or a key not known, is left as any call the analysis does not model.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.run_environment import (
    READS,
    UNSURE,
    Environment,
    environment_for,
    environment_of,
    written,
    written_in_lines,
)
from jax_lsp.analysis.values import NOCONST, Api, Value

__all__ = ["READS", "call", "contains", "is_environ", "subscript"]


def _environment(ev: Any) -> Environment:
    """The run's environment as the module being interpreted sees it (the analysed module's
    writes count wherever the read is)."""
    main = ev.main
    text = ev.text if ev.text is not None else "\n".join(main.lines)
    module = ev.module
    if module is main:
        return environment_for(text)
    # an imported module: read off the tree its lines were parsed into, when the parse cache
    # still holds that very parse (its `lines`) and the lines joined parse as it
    kept = ev.workspace.parsed_if_kept(Path(module.path)) if (
        ev.workspace is not None and module.path) else None
    told = written_in_lines(module.lines, kept.tree) if (
        kept is not None and kept.lines is module.lines and kept.plain_breaks) else None
    if told is None:
        return environment_for(text, "\n".join(module.lines))
    return environment_of([written(text), told] if text else [told])


def _key(v: Value) -> object:
    return v.const if type(v.const) is str and not v.traced and not v.fns else NOCONST


def is_environ(v: Value) -> bool:
    """Whether `v` is `os.environ` itself."""
    return len(v.fns) == 1 and type(v.fns[0]) is Api and v.fns[0].name == "os.environ"


def call(ev: Any, args: Args) -> Value | None:
    """`os.environ.get(K[, d])` / `os.getenv(K[, d])`; None when not decided."""
    if args.star is not None or args.dstar is not None or not 1 <= len(args.pos) <= 2:
        return None
    if set(args.kw) - {"default"} or (args.kw and len(args.pos) == 2):
        return None
    key = _key(args.pos[0])
    if key is NOCONST:
        return None
    found = _environment(ev).lookup(key)
    if found is UNSURE:
        return None
    if found is not None:
        return Value(const=found)
    if len(args.pos) == 2:
        return args.pos[1]
    return args.kw.get("default", Value(const=None))


def contains(ev: Any, key: Value) -> bool | None:
    """`K in os.environ`: whether `K` is set where the program runs; None when not known."""
    k = _key(key)
    if k is NOCONST:
        return None
    found = _environment(ev).lookup(k)
    return None if found is UNSURE else found is not None


def subscript(ev: Any, key: Value) -> Value | None:
    """`os.environ[K]` of a declared `K`: its value; None otherwise (an unset one raises
    KeyError, not followed)."""
    k = _key(key)
    if k is NOCONST:
        return None
    found = _environment(ev).lookup(k)
    return Value(const=found) if type(found) is str else None
