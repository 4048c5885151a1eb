"""Generate realistic JAX modules of a given size for the benchmarks.

The module mixes what training code looks like: imports with aliases, host callbacks behind
helpers, custom_jvp/custom_vjp rules, jit/vmap/scan, model classes, loss functions and
differentiation sites, plus plain numerical helpers. Each block has unique names.
"""

from __future__ import annotations

HEADER = '''"""Generated benchmark module."""
import functools
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax import pure_callback as pc
from jax.experimental import io_callback

host_call = partial(jax.pure_callback, vmap_method="sequential")

'''

BLOCK = """

def _host_{i}(x):
    return np.tanh(np.asarray(x)).astype(np.float32)


def host_act_{i}(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return pc(_host_{i}, spec, x, vmap_method="sequential")


@jax.custom_jvp
def safe_act_{i}(x):
    return host_act_{i}(x)


@safe_act_{i}.defjvp
def _safe_act_{i}_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = safe_act_{i}(x)
    return y, (1.0 - y**2) * t


def layer_norm_{i}(x, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps)


class Block{i}:
    def __init__(self, width, use_host=False):
        self.width = width
        self.use_host = use_host

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {{
            "w": jax.random.normal(k1, (self.width, self.width)) * 0.1,
            "b": jnp.zeros(self.width),
        }}

    def __call__(self, params, x):
        z = x @ params["w"] + params["b"]
        z = layer_norm_{i}(z)
        if self.use_host:
            return safe_act_{i}(z)
        return jnp.tanh(z)


def rollout_{i}(params, xs):
    def step(carry, x):
        h = jnp.tanh(carry @ params["w"] + x)
        return h, jnp.sum(h)

    h0 = jnp.zeros(params["w"].shape[0])
    _, ys = lax.scan(step, h0, xs)
    return ys


def loss_{i}(params, batch):
    x, y = batch
    model = Block{i}(4, use_host=True)
    pred = jax.vmap(lambda row: model(params, row))(x)
    seq = rollout_{i}(params, x)
    reg = sum(jnp.sum(p**2) for p in jax.tree_util.tree_leaves(params))
    return jnp.mean((pred - y) ** 2) + 1e-3 * reg + 0.0 * jnp.sum(seq)


def log_metrics_{i}(step, value):
    jax.debug.print("step {{s}} loss {{v}}", s=step, v=value)


@jax.jit
def train_step_{i}(params, batch, step):
    value, grads = jax.value_and_grad(loss_{i})(params, batch)
    log_metrics_{i}(step, value)
    new_params = jax.tree_util.tree_map(lambda p, g: p - 1e-2 * g, params, grads)
    return new_params, value


def evaluate_{i}(params, batch):
    x, _ = batch
    return host_act_{i}(x @ params["w"])
"""

BAD_BLOCK = """

def _host_bad_{i}(x):
    return np.sin(np.asarray(x)).astype(np.float32)


def squash_{i}(x):
    return host_call(_host_bad_{i}, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def bad_loss_{i}(w, x):
    return jnp.sum(squash_{i}(x @ w))


bad_grad_{i} = jax.grad(bad_loss_{i})


def bad_step_{i}(w, x):
    return w - 0.1 * bad_grad_{i}(w, x)
"""


def generate(lines: int) -> str:
    """A module of about `lines` lines; one block in five has a real finding."""
    parts = [HEADER]
    total = HEADER.count("\n")
    i = 0
    while total < lines:
        block = (BAD_BLOCK if i % 5 == 4 else BLOCK).format(i=i)
        parts.append(block)
        total += block.count("\n")
        i += 1
    return "".join(parts)


if __name__ == "__main__":
    import sys

    sys.stdout.write(generate(int(sys.argv[1]) if len(sys.argv) > 1 else 1000))
