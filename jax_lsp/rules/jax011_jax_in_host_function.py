"""JAX011 jax-in-host-function: a JAX computation (`jnp.*`, `jax.random`, `jax.scipy`,
`jax.nn`, `jax.lax`, a jitted function) runs inside the Python function given to
`jax.pure_callback` / `jax.experimental.io_callback` / `jax.debug.callback`, directly or in a
helper it calls. JAX raises nothing: JAX's documentation warns that JAX code inside a
callback can deadlock (jax-ml/jax#24255), and it does now and then (a jitted
`jnp.linalg.eig` in the host function hung in 1 of 4 runs under JAX 0.10.2; its NumPy twin
never). So it is a warning.

Decided from the module's text where the callback is called (`analysis/callback_hosts.py`),
only where the host function resolves statically: a `def`, a lambda, a `functools.partial`
of one, the function a module wrapper returns, a method of an instance whose class the
module shows (made by the class or a factory, `self.x` set to one, a parameter annotated
with it; `__call__` for the instance itself, inherited ones included; `self.m` in a base
class's method is the `m` every class the module makes that runs that method finds, a
subclass's override included), a class attribute, or
one of those imported from another module of the workspace (re-exports, aliases and `from
jax.numpy import *` followed; of a name bound in both branches of an `if` whose test the text
decides, `if settings.BACKEND == "jax": xp = jax.numpy`, the binding that runs; of a
module-level name bound several times, a notebook cell redefining the host, each binding in
force when a module statement runs the function reading it: `analysis/flow_bindings.py`).
In the host's body, a branch a comparison of values the module pins down rules out (a
default every call hands down, `method="brent"`; a field `__init__` sets from each
construction) is not read; a `property` / `functools.cached_property` it reads is; a table
lookup is each entry of the keys the module gives (a test's cases included).
`jax.device_put` counts (it puts an array in JAX's memory), and so does `jax.block_until_ready`
(it waits on JAX's runtime);
`jax.device_get` does not (it hands back NumPy). The fix replaces `jnp.X` by `np.X` where
NumPy's `X` was measured to mean the same (`analysis/numpy_equivalents.py`).
The JAX calls of one line that one host reaches by one route are one finding
(`analysis/host_lines.py`, `joined` here): `jnp.max(jnp.abs(r))` is one cause, not two.
"""

from __future__ import annotations

from jax_lsp.analysis.findings import FixKind, HostCall
from jax_lsp.rules.base import Rule

RULE = Rule(
    "JAX011",
    "jax-in-host-function",
    "a JAX computation (`jnp.*`, `jax.random`, `jax.scipy`, `jax.nn`, a jitted function) "
    "runs inside the host function of `pure_callback`/`io_callback`/`debug.callback`",
    (),
    (),
    "JAX code inside a callback's host function can deadlock",
)
FIXES = (FixKind.NUMPY_IN_HOST,)
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX011/: fires/, clean/; docs/rules.md#jax011"


def fix_kinds(numpy_equivalent: str | None) -> tuple[FixKind, ...]:
    return FIXES if numpy_equivalent else ()


def head(written: str, jax_name: str, host: str, callback: str, line: int, route: str,
         numpy_equivalent: str | None) -> str:
    """The whole message (JAX says nothing to quote): what runs JAX in which host function
    of which callback, through which helpers, and NumPy's function where one computes the
    same. Written from the callback site's facts, not `MessageFacts` (no level is involved)."""
    call = host_call(written, jax_name, host, callback, line, route, numpy_equivalent)
    if call is None:
        return (f"`{written}` is the host function of `{callback}` (line {line}){route}: JAX "
                f"code inside a callback's host function can deadlock{_fix(numpy_equivalent)}")
    return (f"`{written}` runs {call.what} inside {call.cause}: JAX code inside a callback's "
            f"host function can deadlock{_fix(numpy_equivalent)}")


def host_call(written: str, jax_name: str, host: str, callback: str, line: int, route: str,
              numpy_equivalent: str | None) -> HostCall | None:
    """The facts of `head`'s message, for `Finding.host_call`: None where the JAX function
    is the host itself (nothing to join it with)."""
    if written == host:
        return None
    what = "a function JAX traces" if not jax_name.startswith("jax.") or jax_name in (
        "jax.jit", "jax.pmap", "jax.vmap", "jax.grad", "jax.value_and_grad", "jax.jacfwd",
        "jax.jacrev", "jax.hessian", "jax.checkpoint", "jax.remat", "jax.custom_jvp",
        "jax.custom_vjp") else "JAX"
    return HostCall(written, what, f"`{host}`, the host function of `{callback}` (line {line})"
                    f"{route}", numpy_equivalent)


def _fix(numpy_equivalent: str | None) -> str:
    return (f"; use NumPy (`{numpy_equivalent}`)" if numpy_equivalent
            else "; compute it with NumPy, or outside the callback")


def joined(calls: list[HostCall]) -> str:
    """One message for several JAX calls of one line with one cause (`HostCall.cause`, the
    first's; in the order given): each call named, NumPy's function of those that have one."""
    counts: dict[str, int] = {}
    for c in calls:
        counts[c.written] = counts.get(c.written, 0) + 1
    names = [f"`{w}`" + (f" ({n} calls)" if n > 1 else "") for w, n in counts.items()]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    whats = {c.what for c in calls}
    what = whats.pop() if len(whats) == 1 else "JAX"
    numpy = dict((c.written, c.numpy) for c in calls if c.numpy)
    if len(numpy) == len(counts):
        fix = f"; use NumPy ({', '.join(f'`{n}`' for n in dict.fromkeys(numpy.values()))})"
    elif numpy:
        fix = ("; use NumPy (" + ", ".join(f"`{n}` for `{w}`" for w, n in numpy.items())
               + "), and compute the rest with NumPy or outside the callback")
    else:
        fix = "; compute it with NumPy, or outside the callback"
    verb = "runs" if len(counts) == 1 else "run"
    return (f"{listed} {verb} {what} inside {calls[0].cause}: JAX code inside a "
            f"callback's host function can deadlock{fix}")
