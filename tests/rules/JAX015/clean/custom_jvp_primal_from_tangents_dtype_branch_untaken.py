"""A JVP rule that switches to central differences (a primal computed from the tangents) only
for 64-bit inputs, differentiated in reverse mode on float32 input: the branch JAX takes
computes the primal from the primals, so `jax.grad` runs. The analysis does not track dtypes:
one of the rule's returns is right, so it stays quiet."""
import numpy as np
import jax
import jax.numpy as jnp

H = 1e-6


def _ramp(x):
    return jnp.where(x > 0, x - 0.5 * jnp.tanh(x), 0.05 * x)


@jax.custom_jvp
def ramp(x):
    return _ramp(x)


@ramp.defjvp
def ramp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    if jnp.finfo(x.dtype).bits == 64:
        hi, lo = _ramp(x + H * t), _ramp(x - H * t)
        return 0.5 * (hi + lo), (hi - lo) / (2 * H)
    slope = jnp.where(x > 0, 1.0 - 0.5 / jnp.cosh(x) ** 2, 0.05)
    return _ramp(x), slope * t


x0 = jnp.asarray(np.array([0.5, 1.5], dtype=np.float32))
print(jax.grad(lambda x: jnp.sum(ramp(x) ** 2))(x0))
