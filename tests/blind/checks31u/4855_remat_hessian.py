"""Input-space Hessian of a remat'ed feature map for a sensitivity study.

`split_norm` returns (norm, direction) with a hand-written JVP; the
feature block is rematerialised to save memory.
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.custom_jvp
def split_norm(v):
    n = jnp.sqrt(jnp.sum(v * v) + 1e-8)
    return n, v / n


@split_norm.defjvp
def _split_norm_jvp(primals, tangents):
    (v,), (dv,) = primals, tangents
    n, u = split_norm(v)
    dn = jnp.sum(u * dv)
    du = (dv - u * dn) / n
    return (n, u), [dn, du]


@jax.checkpoint
def featurize(x):
    n, u = split_norm(x)
    return jnp.concatenate([jnp.atleast_1d(jnp.log(n)), u])


def loss(params, x):
    feats = featurize(x)
    return jnp.tanh(feats @ params) ** 2


def sensitivity(params, x):
    return jax.hessian(loss, argnums=0)(params, x)


def describe(arr, name="array"):
    a = np.asarray(arr)
    return f"{name}: shape={a.shape} min={a.min():.3g} max={a.max():.3g}"


def symmetrise(m):
    m = np.asarray(m)
    return 0.5 * (m + m.T)


if __name__ == "__main__":
    rng = np.random.default_rng(5)
    params = jnp.asarray(rng.normal(size=4), jnp.float32)
    x = jnp.asarray(rng.normal(size=3), jnp.float32)
    H = sensitivity(params, x)
    print("hessian diag", np.diag(np.asarray(H).reshape(H.shape[0], -1)).round(4))
