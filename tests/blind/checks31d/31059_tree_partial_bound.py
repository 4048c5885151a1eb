"""Callbacks carried through jit as jax.tree_util.Partial objects."""
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
                   vectorized=True)


def hurwitz_sum(s, q, op):
    return jnp.sum(op(s, q))


if __name__ == "__main__":
    s = jnp.array([2.0, 3.0, 4.0])
    q = jnp.ones(3)
    op = make_zeta(s.shape, s.dtype)
    print(jax.jit(lambda a, b: hurwitz_sum(a, b, op))(s, q))
