"""Deep MLP with rematerialised blocks whose activation is an erf-based GELU
computed by SciPy, with an analytic derivative for training."""
from dataclasses import dataclass
from typing import List, Tuple

import numpy as np
import scipy.special as sc
import jax
import jax.numpy as jnp
import optax


def _gelu_host(x):
    x = np.asarray(x, np.float64)
    return (0.5 * x * (1.0 + sc.erf(x / np.sqrt(2.0)))).astype(np.float32)


@jax.custom_jvp
def gelu_exact(x):
    return jax.pure_callback(_gelu_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@gelu_exact.defjvp
def _gelu_exact_jvp(primals, tangents):
    x, = primals
    t, = tangents
    cdf = 0.5 * (1.0 + jax.scipy.special.erf(x / jnp.sqrt(2.0)))
    pdf = jnp.exp(-0.5 * x ** 2) / jnp.sqrt(2.0 * jnp.pi)
    return gelu_exact(x), (cdf + x * pdf) * t


@dataclass(frozen=True)
class NetConfig:
    depth: int = 4
    width: int = 12
    lr: float = 3e-3


Layer = Tuple[jnp.ndarray, jnp.ndarray]


def init(key, cfg: NetConfig, d_in: int) -> List[Layer]:
    layers, d = [], d_in
    for k in jax.random.split(key, cfg.depth):
        layers.append((jax.random.normal(k, (d, cfg.width)) / np.sqrt(d), jnp.zeros(cfg.width)))
        d = cfg.width
    return layers


@jax.checkpoint
def block(layer: Layer, h):
    w, b = layer
    return gelu_exact(h @ w + b)


def forward(layers, x):
    h = x
    for layer in layers:
        h = block(layer, h)
    return h.sum(-1)


def loss(layers, x, y):
    return jnp.mean((forward(layers, x) - y) ** 2)


def fit(layers, x, y, cfg: NetConfig, steps=5):
    opt = optax.adamw(cfg.lr)
    state = opt.init(layers)

    @jax.jit
    def step(layers, state):
        val, g = jax.value_and_grad(loss)(layers, x, y)
        upd, state = opt.update(g, state, layers)
        return optax.apply_updates(layers, upd), state, val

    for i in range(steps):
        layers, state, val = step(layers, state)
        print(i, float(val))
    return layers


if __name__ == "__main__":
    cfg = NetConfig()
    rng = np.random.default_rng(0)
    x = jnp.asarray(rng.normal(size=(10, 3)).astype(np.float32))
    y = jnp.sin(x).sum(-1)
    layers = init(jax.random.PRNGKey(0), cfg, 3)
    layers = fit(layers, x, y, cfg)
    print("input sensitivity", np.asarray(jax.grad(lambda v: forward(layers, v).sum())(x)[0]))
