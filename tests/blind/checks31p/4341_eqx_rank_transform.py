"""Equinox wrapper around a host-side rank transform, configured through a static field."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from scipy.stats import rankdata


def host_ranks(x):
    x = np.asarray(x)
    return (rankdata(x, axis=-1) / x.shape[-1]).astype(np.float32)


class RankFeatures(eqx.Module):
    proj: eqx.nn.Linear
    callback_opts: dict = eqx.field(static=True)

    def __init__(self, n, key, **callback_opts):
        self.proj = eqx.nn.Linear(n, 2, key=key)
        self.callback_opts = callback_opts

    def __call__(self, x):
        spec = jax.ShapeDtypeStruct(x.shape, jnp.float32)
        r = jax.pure_callback(host_ranks, spec, jax.lax.stop_gradient(x), **self.callback_opts)
        return self.proj(r + 0.1 * x)


@eqx.filter_jit
def loss_and_grad(model, xs, ys):
    def loss(m):
        preds = jax.vmap(m)(xs)
        return jnp.mean((preds - ys) ** 2)
    return eqx.filter_value_and_grad(loss)(model)


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    model = RankFeatures(5, key, vmap_method="legacy_vectorized")
    xs = jax.random.normal(key, (3, 5))
    ys = jnp.zeros((3, 2))
    val, grads = loss_and_grad(model, xs, ys)
    print(float(val), grads.proj.weight.shape)
