"""Logistic regression head whose sigmoid is evaluated by SciPy.

The derivative of the link is written in terms of the link itself, so any
order of differentiation stays inside the custom rule.
"""
import dataclasses
import time

import numpy as np
from scipy import special
import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass
class Settings:
    features: int = 6
    hidden: int = 8
    batch: int = 12
    seed: int = 0


def _expit_host(z):
    return special.expit(np.asarray(z)).astype(np.float32)


@jax.custom_jvp
def link(z):
    out = jax.ShapeDtypeStruct(z.shape, z.dtype)
    return jax.pure_callback(_expit_host, out, z, vmap_method="expand_dims")


@link.defjvp
def _link_jvp(primals, tangents):
    z, = primals
    dz, = tangents
    s = link(z)
    return s, s * (1.0 - s) * dz


class Head(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden)(x)
        h = nn.tanh(h)
        logits = nn.Dense(1)(h)[..., 0]
        return link(logits)


class Timer:
    def __init__(self, label):
        self.label = label

    def __enter__(self):
        self.t0 = time.perf_counter()
        return self

    def __exit__(self, *exc):
        print(f"[{self.label}] {time.perf_counter() - self.t0:.3f}s")
        return False


def make_data(s: Settings):
    rng = np.random.default_rng(s.seed)
    x = rng.normal(size=(s.batch, s.features)).astype(np.float32)
    w = rng.normal(size=(s.features,)).astype(np.float32)
    y = (x @ w > 0).astype(np.float32)
    return jnp.asarray(x), jnp.asarray(y)


def bce(p, y, eps=1e-6):
    return -jnp.mean(y * jnp.log(p + eps) + (1 - y) * jnp.log(1 - p + eps))


def build_objective(model, x, y):
    def objective(params):
        return bce(model.apply(params, x), y)
    return objective


def curvature_of_link(points):
    second = jax.grad(jax.grad(lambda t: link(t)))
    return jax.vmap(second)(points)


if __name__ == "__main__":
    s = Settings()
    x, y = make_data(s)
    model = Head(hidden=s.hidden)
    params = model.init(jax.random.PRNGKey(s.seed), x)
    objective = build_objective(model, x, y)
    with Timer("grad"):
        val, grads = jax.value_and_grad(objective)(params)
    print("loss", float(val))
    print("grad norms", jax.tree_util.tree_map(lambda g: float(jnp.linalg.norm(g)), grads))
    with Timer("curvature"):
        print(curvature_of_link(jnp.linspace(-2.0, 2.0, 5)))
    with Timer("hessian"):
        z = jnp.array([0.1, -0.4, 0.9])
        print(jax.hessian(lambda v: jnp.sum(link(v) ** 2))(z))
