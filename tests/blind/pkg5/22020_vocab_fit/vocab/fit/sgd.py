import jax
import jax.numpy as jnp
import optax

from vocab.layers.lookup.core import lookup


def _objective(params, ids, goal):
    return jnp.mean((lookup(params, ids) - goal) ** 2)


def fit(params, ids, goal, epochs=3, lr=0.1):
    tx = optax.adam(lr)
    opt_state = tx.init(params)
    grad_fn = jax.jit(jax.value_and_grad(_objective, argnums=0))
    hist = []
    for _ in range(epochs):
        loss, g = grad_fn(params, ids, goal)
        upd, opt_state = tx.update(g, opt_state)
        params = optax.apply_updates(params, upd)
        hist.append(float(loss))
    return params, hist
