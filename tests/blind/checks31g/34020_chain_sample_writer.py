# shape from: bde (Bayesian deep ensembles) bde/sampler/callbacks.py: save_position(position, base, idx, n) used as io_callback during sampling
"""Langevin sampling of a tiny Bayesian linear model; each sample is written to disk per chain."""
import tempfile
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

ParamTree = dict[str, jax.Array]
OUT_DIR = Path(tempfile.mkdtemp(prefix="samples-"))


def save_position(position: ParamTree, idx, n) -> ParamTree:
    """Write one posterior sample to ``OUT_DIR/<chain>/sample_<n>.npz``."""
    leaves = {k: np.asarray(v) for k, v in position.items()}
    path = OUT_DIR / f"{int(np.asarray(idx))}" / f"sample_{int(np.asarray(n))}.npz"
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **leaves)
    return position


def log_posterior(p: ParamTree, x, y):
    pred = x @ p["w"] + p["b"]
    return -0.5 * jnp.sum((pred - y) ** 2) - 0.5 * (jnp.sum(p["w"] ** 2) + p["b"] ** 2)


def sample_chain(key, idx, x, y, n_samples: int = 5, step: float = 1e-2):
    p = {"w": jnp.zeros(x.shape[1]), "b": jnp.float32(0.0)}

    def body(carry, n):
        p, key = carry
        key, sub = jax.random.split(key)
        g = jax.grad(log_posterior)(p, x, y)
        noise = jax.tree.map(lambda a: jax.random.normal(sub, jnp.shape(a)), p)
        p = jax.tree.map(lambda a, ga, z: a + step * ga + jnp.sqrt(2 * step) * z, p, g, noise)
        shapes = jax.tree.map(lambda a: jax.ShapeDtypeStruct(jnp.shape(a), a.dtype), p)
        p = io_callback(save_position, shapes, p, idx, n, ordered=True)
        return (p, key), None

    (p, _), _ = jax.lax.scan(body, (p, key), jnp.arange(n_samples))
    return p


if __name__ == "__main__":
    kx, kc = jax.random.split(jax.random.key(1))
    x = jax.random.normal(kx, (20, 2))
    y = x @ jnp.array([0.5, -1.0]) + 0.3
    n_chains = 2
    keys = jax.random.split(kc, n_chains)
    final = jax.vmap(sample_chain, in_axes=(0, 0, None, None))(keys, jnp.arange(n_chains), x, y)
    print(jax.tree.map(jnp.shape, final), sorted(p.name for p in OUT_DIR.iterdir()))
