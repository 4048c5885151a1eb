"""optax: `value_and_grad_from_state(f)(params, state=...)` runs `jax.value_and_grad(f)` on
its parameters unless its state holds the value, and consumes `state` itself.
"""

from __future__ import annotations

from jax_lsp.analysis.jax.modes import REVERSE
from jax_lsp.analysis.jax.specs import TransformSpec

# optax runs `jax.value_and_grad(f)(params, ...)` unless its state holds the value
TRANSFORMS = {
    "optax.value_and_grad_from_state": TransformSpec(
        "fn", REVERSE, has_argnums=False, int_check="grad"
    ),
}
#: keyword arguments the transformed function consumes itself (not passed to `f`)
OWN_KEYWORDS = {"optax.value_and_grad_from_state": frozenset({"state"})}
