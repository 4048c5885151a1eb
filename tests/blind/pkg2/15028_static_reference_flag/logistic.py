import functools
import jax
import jax.numpy as jnp
from reference_impl import host_sigmoid


@functools.partial(jax.jit, static_argnames=("check_against_scipy",))
def nll(w, X, y, check_against_scipy=False):
    z = X @ w
    if check_against_scipy:
        p = host_sigmoid(z)
    else:
        p = jax.nn.sigmoid(z)
    return -jnp.mean(y * jnp.log(p + 1e-7) + (1 - y) * jnp.log(1 - p + 1e-7))
