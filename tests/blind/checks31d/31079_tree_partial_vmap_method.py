"""Hurwitz zeta sums with the callback bound as a jax.tree_util.Partial (new keyword)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.tree_util import Partial
from scipy.special import zeta


def host_zeta(s, q):
    s, q = np.asarray(s), np.asarray(q)
    return zeta(s, q).astype(s.dtype)


def make_zeta(shape, dtype):
    return Partial(jax.pure_callback, host_zeta, jax.ShapeDtypeStruct(shape, dtype),
                   vmap_method="broadcast_all")


if __name__ == "__main__":
    s = jnp.array([2.0, 3.0, 4.0])
    op = make_zeta((), s.dtype)
    print(jax.jit(jax.vmap(lambda a, b: op(a, b)))(s, jnp.ones(3)))
