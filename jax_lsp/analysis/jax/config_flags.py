"""JAX's configuration flags a module sets as it runs, read back where its top level branches
on them: `jax.config.update("jax_enable_x64", True)` at the module's top level, then `_bwd =
_bwd_wide if jax.config.jax_enable_x64 else _bwd_narrow` picks the rule JAX will run.

A flag is known only where nothing else may set it at another time: every line of the module
naming it starts a top-level statement (no function, branch or `with` sets it), and only a
read at a module's top level gets its value (a function may run before or after any update).
An update anywhere else leaves the flag unknown for the rest of the analysis. Unset, a flag is
unknown (its default depends on the environment: `JAX_ENABLE_X64`). Both an update and a read
that answers change `impure_effects`: their statements are run again, never replayed from a
record (`incremental/replay.py`), so an edit of the update reaches the read.
"""

from __future__ import annotations

from typing import Any

from jax_lsp.analysis.interp_state import Args
from jax_lsp.analysis.values import NOCONST, Value

#: the flags whose value the analysis follows
TRACKED = frozenset({"jax_enable_x64"})


def _settled(lines: list[str], flag: str) -> bool:
    """Every line of the module naming `flag` starts at its first column (a top-level
    statement), and none enters a context that flips it (`enable_x64()`)."""
    for line in lines:
        if flag in line and line[:1].isspace():
            return False
        if "enable_x64(" in line or "disable_x64(" in line:
            return False
    return True


def note_update(ev: Any, args: Args) -> None:
    """`jax.config.update(name, value)` run: the flag's value, when the module's top level
    sets it to a known bool (or int) and nothing else may set it; else unknown from now on."""
    flag = args.get(0, "name")
    if flag is None or type(flag.const) is not str or flag.const not in TRACKED:
        return
    ev.impure_effects += 1  # (see the module's docstring)
    name = flag.const
    if name in ev.jax_flags and ev.jax_flags[name] is NOCONST:
        return  # set where the analysis cannot order it: unknown for good
    value = args.get(1, "val")
    known = value is not None and type(value.const) in (bool, int) and not value.traced
    if ev.frame is not None or not known or not _settled(ev.module.lines, name):
        ev.jax_flags[name] = NOCONST
        return
    ev.jax_flags[name] = bool(value.const)  # type: ignore[union-attr]


def read(ev: Any, name: str) -> Value | None:
    """`jax.config.<name>` read at a module's top level: the value an update set, or None
    (not known: the attribute reads as any API attribute)."""
    if name not in TRACKED or ev.frame is not None:
        return None
    v = ev.jax_flags.get(name, NOCONST)
    if v is NOCONST:
        return None
    ev.impure_effects += 1  # (see the module's docstring)
    return Value(const=v, intish=True)
