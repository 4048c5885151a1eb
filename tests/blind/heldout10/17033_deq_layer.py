"""A deep-equilibrium layer: the hidden state is the fixed point of
z = tanh(W z + U x + b), found by damped iteration to a tolerance."""
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
import optax


class DEQParams(NamedTuple):
    W: jnp.ndarray
    U: jnp.ndarray
    b: jnp.ndarray
    V: jnp.ndarray


@dataclass(frozen=True)
class SolverConfig:
    tol: float = 1e-4
    max_iter: int = 100
    damping: float = 0.5


def init(key, d_in, d_hidden, d_out):
    k1, k2, k3 = jax.random.split(key, 3)
    W = jax.random.normal(k1, (d_hidden, d_hidden))
    W = 0.5 * W / jnp.linalg.norm(W, 2)
    return DEQParams(W=W, U=jax.random.normal(k2, (d_hidden, d_in)) * 0.3,
                     b=jnp.zeros(d_hidden), V=jax.random.normal(k3, (d_out, d_hidden)) * 0.3)


def fixed_point(f, z0, cfg: SolverConfig):
    def cond(state):
        z, z_prev, k = state
        return (jnp.linalg.norm(z - z_prev) > cfg.tol) & (k < cfg.max_iter)

    def body(state):
        z, _, k = state
        z_new = (1 - cfg.damping) * z + cfg.damping * f(z)
        return z_new, z, k + 1

    z, _, _ = jax.lax.while_loop(cond, body, (f(z0), z0, 0))
    return z


class DEQ:
    def __init__(self, cfg: SolverConfig):
        self.cfg = cfg

    def cell(self, p, x):
        return lambda z: jnp.tanh(p.W @ z + p.U @ x + p.b)

    def __call__(self, p, x):
        z_star = fixed_point(self.cell(p, x), jnp.zeros_like(p.b), self.cfg)
        return p.V @ z_star


def batch_loss(model, p, xs, ys):
    preds = jax.vmap(lambda x: model(p, x))(xs)
    return jnp.mean((preds - ys) ** 2)


def fit(model, p, xs, ys, steps=5):
    opt = optax.adam(1e-2)
    state = opt.init(p)
    for i in range(steps):
        loss, g = jax.value_and_grad(batch_loss, argnums=1)(model, p, xs, ys)
        upd, state = opt.update(g, state)
        p = optax.apply_updates(p, upd)
        print(i, float(loss))
    return p


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    xs = jnp.asarray(rng.normal(size=(8, 3)).astype(np.float32))
    ys = jnp.sin(xs[:, :2])
    model = DEQ(SolverConfig())
    p = init(jax.random.PRNGKey(0), 3, 6, 2)
    print("untrained loss", float(batch_loss(model, p, xs, ys)))
    p = fit(model, p, xs, ys)
