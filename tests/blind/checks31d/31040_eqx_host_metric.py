"""Equinox model trained with optax; the host computes a rank metric with SciPy."""
import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy.stats import spearmanr


def host_spearman(pred, target):
    pred, target = np.asarray(pred), np.asarray(target)
    return np.float32(spearmanr(pred, target).statistic)


class Regressor(eqx.Module):
    lin: eqx.nn.Linear

    def __init__(self, key):
        self.lin = eqx.nn.Linear(3, "scalar", key=key)

    def __call__(self, x):
        return self.lin(x)


@eqx.filter_jit
def evaluate(model, x, y):
    pred = jax.vmap(model)(x)
    rho = jax.pure_callback(host_spearman, jax.ShapeDtypeStruct((), jnp.float32), pred, y)
    return jnp.mean((pred - y) ** 2), rho


if __name__ == "__main__":
    model = Regressor(jax.random.key(0))
    x = jax.random.normal(jax.random.key(1), (6, 3))
    y = x @ jnp.array([1.0, -0.5, 0.2])
    opt = optax.sgd(0.1)
    state = opt.init(eqx.filter(model, eqx.is_array))
    g = eqx.filter_grad(lambda m: jnp.mean((jax.vmap(m)(x) - y) ** 2))(model)
    upd, state = opt.update(g, state)
    model = eqx.apply_updates(model, upd)
    print(evaluate(model, x, y))
