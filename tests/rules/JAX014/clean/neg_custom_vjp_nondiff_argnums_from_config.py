"""nondiff_argnums read from a JSON settings string: the analysis cannot count the
differentiable arguments, so it cannot say the bwd returns the wrong number of cotangents
(here `scale` is frozen and the one cotangent is right: JAX runs it)."""
import json

import jax
import jax.numpy as jnp

SETTINGS = json.loads('{"frozen": [1]}')


def make_scaled(frozen):
    def scaled(x, scale):
        return jnp.sin(x) * scale

    def scaled_fwd(x, scale):
        return scaled(x, scale), jnp.cos(x)

    def scaled_bwd(scale, cos_x, g):
        return (g * cos_x * scale,)

    f = jax.custom_vjp(scaled, nondiff_argnums=tuple(frozen))
    f.defvjp(scaled_fwd, scaled_bwd)
    return f


scaled = make_scaled(SETTINGS["frozen"])
print(jax.grad(lambda x: scaled(x, 2.0))(0.3))
