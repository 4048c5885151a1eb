"""Vector-quantised bottleneck with a host-managed codebook usage counter.

Code indices are computed in JAX; a host service tracks how often each code is
used (for dead-code restarts) and returns a per-code temperature.
"""
from collections import Counter
from dataclasses import dataclass

import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass
class CodeUsage:
    n_codes: int
    counts: Counter = None

    def __post_init__(self):
        self.counts = Counter()

    def __hash__(self):
        return id(self)

    def temperature(self, idx):
        idx = np.asarray(idx)
        self.counts.update(idx.ravel().tolist())
        used = np.array([self.counts[i] for i in range(self.n_codes)], np.float32)
        temp = 1.0 + 1.0 / (1.0 + used)
        return temp[idx].astype(np.float32)


USAGE = CodeUsage(8)


def code_temperature(idx):
    return jax.pure_callback(USAGE.temperature, jax.ShapeDtypeStruct(idx.shape, jnp.float32), idx,
                             vmap_method="sequential")


class VQ(nn.Module):
    n_codes: int = 8
    dim: int = 4

    @nn.compact
    def __call__(self, z):
        codebook = self.param("codebook", nn.initializers.normal(1.0), (self.n_codes, self.dim))
        d = jnp.sum((z[:, None, :] - codebook[None]) ** 2, -1)
        idx = jnp.argmin(d, -1)
        q = codebook[idx]
        temp = code_temperature(idx)
        commit = jnp.mean(jnp.sum((z - jax.lax.stop_gradient(q)) ** 2, -1) * temp)
        q_st = z + jax.lax.stop_gradient(q - z)
        return q_st, commit, idx


class AutoEncoder(nn.Module):
    @nn.compact
    def __call__(self, x):
        z = nn.Dense(4)(x)
        q, commit, idx = VQ()(z)
        return nn.Dense(x.shape[-1])(q), commit, idx


def loss_fn(params, model, x):
    recon, commit, _ = model.apply(params, x)
    return jnp.mean((recon - x) ** 2) + 0.25 * commit


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.normal(size=(16, 6)).astype(np.float32))
    model = AutoEncoder()
    params = model.init(jax.random.PRNGKey(0), x)
    grad_fn = jax.jit(jax.value_and_grad(loss_fn), static_argnums=1)
    for i in range(5):
        val, g = grad_fn(params, model, x)
        params = jax.tree_util.tree_map(lambda p, d: p - 0.1 * d, params, g)
        print(i, float(val))
    print("code usage", sorted(USAGE.counts.items()))
