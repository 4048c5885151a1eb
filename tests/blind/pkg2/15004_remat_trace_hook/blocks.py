import jax
import jax.numpy as jnp
import hooks


def residual_block(w, h):
    hooks.mark(jnp.int32(1))
    return h + jnp.tanh(h @ w)


remat_block = jax.checkpoint(residual_block)


def deep_net(ws, x):
    h = x
    for w in ws:
        h = remat_block(w, h)
    return jnp.sum(h ** 2)
