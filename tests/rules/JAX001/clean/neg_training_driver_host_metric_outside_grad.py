"""A training driver that differentiates a pure-JAX loss and computes a scipy metric via pure_callback only in evaluation."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from scipy import stats


def _spearman(pred, target):
    return np.float32(stats.spearmanr(pred, target).statistic)


def predict(params, x):
    return x @ params["w"] + params["b"]


def loss_fn(params, x, y):
    return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
def evaluate(params, x, y):
    pred = predict(params, x)
    rho = jax.pure_callback(_spearman, jax.ShapeDtypeStruct((), jnp.float32), pred, y)
    return loss_fn(params, x, y), rho


opt = optax.adamw(0.05)


@jax.jit
def update(params, opt_state, x, y):
    grads = jax.grad(loss_fn)(params, x, y)
    updates, opt_state = opt.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state


x = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]])
y = jnp.array([1.0, -1.0, 0.0, 3.0])
params = {"w": jnp.zeros(2), "b": jnp.float32(0.0)}
opt_state = opt.init(params)
for epoch in range(3):
    params, opt_state = update(params, opt_state, x, y)
    print(epoch, *evaluate(params, x, y))
