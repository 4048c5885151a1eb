import jax
import jax.numpy as jnp
import optax


def fit(module, params, feats, target, steps=3):
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    def loss_fn(p):
        return jnp.mean((module.apply(p, feats) - target) ** 2)

    @jax.jit
    def step(p, s):
        l, g = jax.value_and_grad(loss_fn)(p)
        u, s = tx.update(g, s)
        return optax.apply_updates(p, u), s, l

    for _ in range(steps):
        params, opt_state, l = step(params, opt_state)
    return params, float(l)
