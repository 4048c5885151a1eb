# Models: a tiny quantisation-aware regression model using a straight-through estimator (custom_vjp round), followed by a Laplace approximation that takes jax.hessian of the training loss.
from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def ste_round(x):
    return jnp.round(x)


def _ste_fwd(x):
    return jnp.round(x), None


def _ste_bwd(_, g):
    return (g,)


ste_round.defvjp(_ste_fwd, _ste_bwd)


class QParams(NamedTuple):
    weight: jnp.ndarray
    bias: jnp.ndarray
    log_scale: jnp.ndarray


def fake_quant(w, log_scale):
    scale = jnp.exp(log_scale)
    return ste_round(w / scale) * scale


def predict(p: QParams, x):
    wq = fake_quant(p.weight, p.log_scale)
    return x @ wq + p.bias


def nll(p: QParams, x, y, prior_prec=1.0):
    resid = predict(p, x) - y
    prior = 0.5 * prior_prec * jnp.sum(p.weight ** 2)
    return 0.5 * jnp.sum(resid ** 2) + prior


def train(p, x, y, steps=25):
    tx = optax.adam(0.05)
    st = tx.init(p)
    step = jax.jit(lambda p, st: _step(p, st, tx, x, y))
    for _ in range(steps):
        p, st = step(p, st)
    return p


def _step(p, st, tx, x, y):
    g = jax.grad(nll)(p, x, y)
    upd, st = tx.update(g, st, p)
    return optax.apply_updates(p, upd), st


def laplace_posterior_cov(p, x, y):
    def weight_only(w):
        return nll(p._replace(weight=w), x, y)

    H = jax.hessian(weight_only)(p.weight)
    return jnp.linalg.inv(H + 1e-3 * jnp.eye(H.shape[0]))


if __name__ == "__main__":
    key = jax.random.PRNGKey(5)
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (30, 4))
    y = x @ jnp.array([0.5, -1.0, 0.25, 2.0])
    p0 = QParams(weight=0.1 * jax.random.normal(kw, (4,)), bias=jnp.zeros(()),
                 log_scale=jnp.log(jnp.float32(0.1)))
    p = train(p0, x, y)
    print("quantised weights", fake_quant(p.weight, p.log_scale))
    cov = laplace_posterior_cov(p, x, y)
    print("posterior std", jnp.sqrt(jnp.diag(cov)))
