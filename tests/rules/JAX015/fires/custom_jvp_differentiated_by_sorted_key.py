"""`sorted(candidates, key=slope)` calls `slope` on each candidate; `slope` differentiates
it, and one is a custom_jvp whose rule returns a 1-tuple of tangents for one output."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def ramp(x):
    return jnp.maximum(x, 0.0)


@ramp.defjvp
def ramp_jvp(primals, tangents):  # EXPECT: JAX015
    (x,), (dx,) = primals, tangents
    return ramp(x), (jnp.where(x > 0, dx, 0.0),)


def slope(fn):
    return float(jax.grad(fn)(0.5))


print([f.__name__ for f in sorted([jnp.tanh, ramp], key=slope)])
