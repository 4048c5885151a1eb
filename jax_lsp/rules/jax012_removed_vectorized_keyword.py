"""JAX012 removed-vectorized-keyword: `vectorized=` given to `jax.pure_callback` (or to
`io_callback` / `debug.callback`, which never had it). JAX removed the keyword (deprecated in
0.4.34 for `vmap_method`); JAX 0.10 passes it on to the host function as a keyword argument,
so the host raises `TypeError: f() got an unexpected keyword argument 'vectorized'` (which
the runtime reports as a `JaxRuntimeError`), or, for a host that takes it, `vmap` raises
`NotImplementedError` (no `vmap_method`).

Decided from the module's text where the callback is called (`analysis/callback_hosts.py`):
the call's own keywords, those of a `functools.partial` of the callback, and those of a `**`
dict written in the module (an `argparse` namespace's, `**vars(args)`, from its parser's
`add_argument` calls: `analysis/argparse_namespaces.py`), or the dict a call of a function or
of an instance's method the workspace shows returns (`**spec.as_kwargs()`: the keys every
`return` that can run holds, a key set under an `if` counted where the call decides it, by its
literal arguments or the literal fields of the frozen record the instance was made with); a
dict parameter holds what each application passes it (an options dict handed down through
callers), `case.options` the field of the record each application passes (NamedTuple cases
of absl's `parameters(*CASES)` included), a comprehension keeping an allow-list's keys
those of the dict it copies (`vars()` of a `types.SimpleNamespace` too); a dict's keys less
those taken out through a name sharing it, plus those a helper handed the very dict sets on it
before it is read (`python/dict_aliases.py`).
Quiet where the host function visibly takes `vectorized` (a parameter of that name, or
`**kwargs` not all handed on to a function measured to refuse it, ufuncs included), read in the
workspace module it is imported from (`self.m` of a base class's method: the override every
class the module makes finds); quiet too where the evaluator's runs show the call's host, as
the call holds it (a decorator's wrapper, a callable object's `__call__`), binds it
(`analysis/jax/host_runs.py`). Quiet where
the module assigns over the callback (`jax.pure_callback = _compat_shim`) and puts JAX's back
nowhere a run reaches: the call may run the replacement, which takes the keyword.
`eqx.filter_pure_callback` hands the keyword on with a host of its own that takes none:
reported whatever the given function takes, unless the value is None (equinox drops it).
"""

from __future__ import annotations

import ast

from jax_lsp.analysis.findings import FixKind
from jax_lsp.rules.base import Rule

RULE = Rule(
    "JAX012",
    "removed-vectorized-keyword",
    "`vectorized=` is given to `jax.pure_callback`, which no longer has it: JAX passes it on "
    "to the host function",
    ("JaxRuntimeError", "XlaRuntimeError", "TypeError", "NotImplementedError"),
    (
        r"^INTERNAL: CpuCallback error calling callback",
        r"got an unexpected keyword argument 'vectorized'",
        r"^vmap is only supported for the pure_callback primitive when vmap_method is",
    ),
    "`TypeError: ...() got an unexpected keyword argument 'vectorized'`",
    wrapped=r"unexpected keyword argument 'vectorized'",
)
FIXES = (FixKind.VMAP_METHOD,)
FIXED_BY: frozenset[str] = frozenset()
EXAMPLES = "tests/rules/JAX012/: fires/, clean/; docs/rules.md#jax012"


def fix_kinds(value: object) -> tuple[FixKind, ...]:
    """The keyword's fix where its value is written (True or False); none otherwise."""
    return FIXES if value is True or value is False else ()


def gives_vmap_method_too(written: ast.AST) -> bool:
    """Whether the call or dict literal that writes `vectorized=` (a `partial(...)` or
    `dict(...)` of options, a `{"vectorized": ...}` dict) gives `vmap_method` too. The fix
    rewrites the keyword to `vmap_method=` only where it is not: in a call it drops
    `vectorized=` instead (repeating a keyword is a SyntaxError), in a dict which entry to
    keep is the dict's business. One predicate for the finding's listed fixes
    (`analysis/callback_hosts`) and the fix itself (`fixes/host_code`), so the two agree."""
    if isinstance(written, ast.Call):
        return "vmap_method" in {k.arg for k in written.keywords}
    if isinstance(written, ast.Dict):
        return any(isinstance(k, ast.Constant) and k.value == "vmap_method"
                   for k in written.keys)
    return False


def head(callback: str, host: str, value: object) -> str:
    """The whole message: what is passed to what, and both ways it fails (which one depends
    on whether the call is batched, which this check does not decide). Written from the
    callback site's facts, not `MessageFacts` (no level is involved)."""
    given = f"vectorized={value!r}" if value is True or value is False else "vectorized="
    return (f"`{callback}` no longer takes `vectorized=`: JAX 0.10 passes `{given}` on to "
            f"{host}, which does not take it; the host raises {RULE.jax_says} (a "
            f"`JaxRuntimeError` 'INTERNAL: CpuCallback error'), or, under vmap, JAX raises "
            f"NotImplementedError (no `vmap_method`)")
