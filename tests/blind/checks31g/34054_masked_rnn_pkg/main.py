import jax
import jax.numpy as jnp

from data import B, D, H, batch
from rnn import masked_cell


def final_state(params, xs, masks):
    def step(h, inp):
        x, m = inp
        return masked_cell(params, h, x, m), None

    h, _ = jax.lax.scan(step, jnp.zeros((B, H)), (xs, masks))
    return h


def loss(params, xs, masks):
    return jnp.mean(final_state(params, xs, masks) ** 2)


if __name__ == "__main__":
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    params = {"U": jax.random.normal(k1, (H, H)) * 0.3, "W": jax.random.normal(k2, (D, H)) * 0.3}
    xs, masks = batch(k3)
    g = jax.jit(jax.grad(loss))(params, xs, masks)
    print({k: v.shape for k, v in g.items()})
