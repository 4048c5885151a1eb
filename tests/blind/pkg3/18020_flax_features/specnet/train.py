import jax
import jax.numpy as jnp
import optax


def fit(model, params, x, y, steps=20, lr=1e-2):
    tx = optax.adam(lr)
    opt_state = tx.init(params)

    def loss_fn(p):
        pred = model.apply(p, x)
        return jnp.mean((pred - y) ** 2)

    @jax.jit
    def step(p, s):
        loss, g = jax.value_and_grad(loss_fn)(p)
        updates, s = tx.update(g, s, p)
        return optax.apply_updates(p, updates), s, loss

    for _ in range(steps):
        params, opt_state, loss = step(params, opt_state)
    return params, loss
