import jax
import jax.numpy as jnp
import optax

from model import apply


def mse(params, x, y):
    return jnp.mean((apply(params, x)[:, 0] - y) ** 2)


def fit(params, x, y, steps=5, lr=1e-2):
    tx = optax.adam(lr)
    opt_state = tx.init(params)

    @jax.jit
    def step(params, opt_state):
        loss, grads = jax.value_and_grad(mse)(params, x, y)
        updates, opt_state = tx.update(grads, opt_state)
        return optax.apply_updates(params, updates), opt_state, loss

    for _ in range(steps):
        params, opt_state, loss = step(params, opt_state)
    return params, loss
