import jax
import jax.numpy as jnp

from dynsys.integrators import rollout


def _loss(k, ts, ys):
    return jnp.mean((rollout(k, ts) - ys) ** 2)


def fit(k0, ts, ys, steps=5, lr=0.1):
    vg = jax.value_and_grad(_loss)
    k, hist = k0, []
    for _ in range(steps):
        val, g = vg(k, ts, ys)
        k = k - lr * g
        hist.append(float(val))
    return k, hist
