"""Softplus-normalised attention weights with nested custom derivatives.

`logsumexp_safe` has its own JVP; its rule uses `softmax_safe`, which
has a (separately written) JVP as well.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def softmax_safe(z):
    e = jnp.exp(z - jax.lax.stop_gradient(z.max()))
    return e / e.sum()


@softmax_safe.defjvp
def _softmax_safe_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    p = softmax_safe(z)
    return (p,), (p * (dz - jnp.sum(p * dz)),)[0]


@jax.custom_jvp
def logsumexp_safe(z):
    m = jax.lax.stop_gradient(z.max())
    return m + jnp.log(jnp.sum(jnp.exp(z - m)))


@logsumexp_safe.defjvp
def _logsumexp_safe_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    return logsumexp_safe(z), jnp.sum(softmax_safe(z) * dz)


def attention_score(q, keys):
    return logsumexp_safe(keys @ q)


def curvature_along(q, keys, v):
    g = jax.grad(attention_score)
    return jax.grad(lambda qq: g(qq, keys) @ v)(q)


if __name__ == "__main__":
    rng = np.random.default_rng(8)
    q = jnp.asarray(rng.normal(size=3), jnp.float32)
    keys = jnp.asarray(rng.normal(size=(4, 3)), jnp.float32)
    v = jnp.ones(3) / 3
    print("score", float(attention_score(q, keys)))
    print("curvature", np.asarray(curvature_along(q, keys, v)).round(4))
