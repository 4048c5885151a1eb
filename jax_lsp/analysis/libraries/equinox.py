"""equinox: its filter transforms differentiate the inexact array leaves of their first
argument only (`Level.arrays_only`); `eqx.Module` is a pytree whose `eqx.field(static=True)`
fields are structure. Checked against equinox 0.13.8 by tests/analysis/test_frameworks.py.
"""

from __future__ import annotations

from jax_lsp.analysis.jax.modes import FORWARD, REVERSE
from jax_lsp.analysis.jax.specs import TransformSpec

_EQX_GRAD = TransformSpec("fn", REVERSE, has_argnums=False, arrays_only=True)
_EQX_JACFWD = TransformSpec("fn", FORWARD, has_argnums=False, batched=True, arrays_only=True)

TRANSFORMS = {
    # equinox differentiates the inexact array leaves of the first argument only
    "equinox.filter_grad": _EQX_GRAD,
    "equinox.filter_value_and_grad": _EQX_GRAD,
    "equinox.filter_jacfwd": _EQX_JACFWD,
    "equinox.filter_jacrev": TransformSpec(
        "fn", REVERSE, has_argnums=False, batched=True, arrays_only=True
    ),
    "equinox.filter_hessian": TransformSpec(
        "fn", REVERSE, has_argnums=False, batched=True, outer=_EQX_JACFWD, arrays_only=True
    ),
    "equinox.filter_jvp": TransformSpec("jvp", FORWARD, argnums=None, has_argnums=False),
    "equinox.filter_vjp": TransformSpec("vjp", REVERSE, argnums=None, has_argnums=False),
}
HIGHER_ORDER = {
    "equinox.filter_jit": "jit",
    "equinox.filter_vmap": "vmap",
    "equinox.filter_pmap": "jit",
    "equinox.filter_checkpoint": "checkpoint",
    "equinox.filter_custom_jvp": "custom_jvp",
    # its fwd/bwd have other signatures than jax.custom_vjp's: an opaque boundary
    "equinox.filter_custom_vjp": "eqx_custom_vjp",
}
ALIASES = {"equinox.nn.Module": "equinox.Module"}
FIELD_FUNCTIONS = frozenset({"equinox.field", "equinox.static_field"})
PYTREE_BASES = frozenset({"equinox.Module"})
