# Models: a regression experiment config with a static Python flag choosing a host-side (numpy) trimmed-mean loss or a JAX Huber loss; the config selects Huber, so the host loss is never traced under grad.
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax


@dataclasses.dataclass(frozen=True)
class Config:
    loss: str = "huber"
    delta: float = 0.5
    lr: float = 0.05
    epochs: int = 6


def _trimmed_sq_np(r, frac):
    r = np.sort(np.abs(np.asarray(r, np.float64)))
    keep = max(1, int(len(r) * (1.0 - float(frac))))
    return np.float32(np.mean(r[:keep] ** 2))


def trimmed_loss(resid, frac=0.1):
    return jax.pure_callback(_trimmed_sq_np, jax.ShapeDtypeStruct((), jnp.float32), resid, frac)


def build_objective(cfg: Config):
    def objective(params, x, y):
        resid = x @ params["coef"] + params["icpt"] - y
        if cfg.loss == "trimmed":
            return trimmed_loss(resid)
        return jnp.mean(optax.huber_loss(resid, delta=cfg.delta))

    return objective


@partial(jax.jit, static_argnums=0)
def fit(cfg, params, x, y):
    objective = build_objective(cfg)
    tx = optax.adam(cfg.lr)

    def epoch(carry, _):
        p, s = carry
        val, g = jax.value_and_grad(objective)(p, x, y)
        u, s = tx.update(g, s, p)
        return (optax.apply_updates(p, u), s), val

    (params, _), hist = jax.lax.scan(epoch, (params, tx.init(params)), None, length=cfg.epochs)
    return params, hist


if __name__ == "__main__":
    cfg = Config()
    key = jax.random.PRNGKey(3)
    kx, kn = jax.random.split(key)
    x = jax.random.normal(kx, (50, 3))
    y = x @ jnp.array([0.5, 2.0, -1.0]) + 0.3 * jax.random.cauchy(kn, (50,))
    params = {"coef": jnp.zeros(3), "icpt": jnp.zeros(())}
    params, hist = fit(cfg, params, x, y)
    print("loss:", cfg.loss, "history", hist)
