"""Per-example activation statistics with a registry of activation functions.

Some activations are wrapped C routines reached through SciPy.
"""
from functools import partial
from typing import Callable, Dict

import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp


ACTIVATIONS: Dict[str, Callable] = {}


def register(name):
    def deco(fn):
        ACTIVATIONS[name] = fn
        return fn
    return deco


@register("relu")
def relu(x):
    return jnp.maximum(x, 0.0)


@register("gelu")
def gelu(x):
    return jax.nn.gelu(x)


def _host_ndtr(x):
    return sps.ndtr(np.asarray(x)).astype(np.float32)


@register("probit")
def probit(x):
    result = jax.ShapeDtypeStruct(x.shape, jnp.float32)
    return jax.pure_callback(_host_ndtr, result, x)


@register("swish")
def swish(x):
    return x * jax.nn.sigmoid(x)


class MLP:
    def __init__(self, sizes, activation="relu", seed=0):
        key = jax.random.PRNGKey(seed)
        self.params = []
        for d_in, d_out in zip(sizes[:-1], sizes[1:]):
            key, sub = jax.random.split(key)
            w = jax.random.normal(sub, (d_in, d_out)) / jnp.sqrt(d_in)
            self.params.append((w, jnp.zeros(d_out)))
        self.activation_name = activation

    @property
    def act(self):
        return ACTIVATIONS[self.activation_name]

    def forward(self, params, x):
        h = x
        for w, b in params[:-1]:
            h = self.act(h @ w + b)
        w, b = params[-1]
        return h @ w + b

    def __call__(self, x):
        return self.forward(self.params, x)


def example_statistics(model, x):
    out = model(x)
    return {"mean": jnp.mean(out), "max": jnp.max(out), "l2": jnp.sqrt(jnp.sum(out ** 2))}


def batch_statistics(model, xs):
    fn = partial(example_statistics, model)
    return jax.vmap(fn)(xs)


def pretty(stats):
    return ", ".join(f"{k}={np.asarray(v).round(3).tolist()}" for k, v in stats.items())


def main():
    xs = jax.random.normal(jax.random.PRNGKey(1), (4, 5))
    for name in ["relu", "gelu", "swish", "probit"]:
        model = MLP([5, 7, 3], activation=name)
        single = example_statistics(model, xs[0])
        print(name, "single:", pretty(single))
        stats = batch_statistics(model, xs)
        print(name, "batch:", pretty(stats))


if __name__ == "__main__":
    main()
