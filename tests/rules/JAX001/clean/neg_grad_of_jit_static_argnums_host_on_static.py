"""@partial(jax.jit, static_argnums=1): the host builds a table from the static order, not from x."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def host_hermite_coeffs(order):
    return np.array([scipy.special.eval_hermite(k, 0.5) for k in range(int(order))], dtype=np.float32)


@partial(jax.jit, static_argnums=1)
def expansion(x, order):
    c = jax.pure_callback(
        host_hermite_coeffs, jax.ShapeDtypeStruct((order,), jnp.float32), np.int32(order)
    )
    return jnp.sum(c * x ** jnp.arange(order))


print(jax.grad(expansion)(0.7, 4))
