"""`contextvars.ContextVar`: a variable whose `.get()` is the value last `.set()` (its
`default` before any), and whose `.reset(token)` puts back the value it had before the
`.set` that gave the token (Python's semantics in one context: the analysis follows one
thread of execution).

Why: a mode switched on for a stretch of a script (`token = MODE.set("strict")`, then the
calls, then `MODE.reset(token)`) decides what a traced function does (an io_callback
`ordered=(mode == "strict")` under vmap); unmodelled, `.get()` is unknown and the decision
is lost (JAX013 missed).

Set on a guessed path (`Ctx.guessed`: an undecided branch), the new value joins the old one:
the set may not have run. Each change is a write to state other code reads
(`observer.note_write`, and `note_late_write` once a host ran).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jax_lsp.analysis.interp_state import GUESSED, Args
from jax_lsp.analysis.values import UNKNOWN, Value, join

#: the qualified names that make one
CONSTRUCTORS = frozenset({"contextvars.ContextVar", "_contextvars.ContextVar"})


# eq=False: each variable is itself
@dataclass(eq=False)
class ContextVar:
    """A variable and its value now (None: unset, and no default)."""

    value: Value | None


@dataclass(frozen=True, eq=False)
class Token:
    """What `.set()` returned: the variable and the value it had before (None: unset)."""

    var: ContextVar
    old: Value | None


@dataclass(frozen=True, eq=False)
class Method:
    """`var.get`, `var.set` or `var.reset`, not yet called."""

    var: ContextVar
    name: str


def construct(args: Args) -> Value:
    """`ContextVar(name, default=...)` (`default` is keyword-only)."""
    return Value(fns=(ContextVar(args.kw.get("default")),))


def attribute(var: ContextVar, name: str) -> Value:
    """`var.name`: a method followed, or an unknown value."""
    if name in ("get", "set", "reset"):
        return Value(fns=(Method(var, name),))
    return UNKNOWN


def call(ev: Any, m: Method, args: Args) -> Value:
    """The call of `var.get(...)`, `var.set(v)` or `var.reset(token)`."""
    var = m.var
    if m.name == "get":
        if var.value is not None:
            return var.value
        given = args.get(0, "default")
        return given if given is not None else UNKNOWN  # (unset: LookupError, or the default)
    if m.name == "set":
        old = var.value
        _put(ev, var, args.get(0, "value") or UNKNOWN)
        return Value(fns=(Token(var, old),))
    token = args.get(0, "token")
    tokens = [t for t in token.fns if isinstance(t, Token)] if token is not None else []
    if len(tokens) == 1 and tokens[0].var is var and len(token.fns) == 1:  # type: ignore[union-attr]
        _put(ev, var, tokens[0].old)
    else:
        _put(ev, var, UNKNOWN)  # (a token not known: any value)
    return Value(const=None)


def _put(ev: Any, var: ContextVar, v: Value | None) -> None:
    """Give `var` the value `v` (None: unset), joined with the old one on a guessed path."""
    old = var.value
    if ev.reads(GUESSED).guessed and old is not None:
        v = old if v is None else join([old, v])
    if ev.host_runs and v is not None:
        ev.note_late_write(old, v)
    var.value = v
    ev._outer_writes += 1
    ev.observer.note_write()
