import jax
import jax.numpy as jnp


def per_example_grad_norms(loss_fn, w, xs, ys):
    g = jax.vmap(jax.grad(loss_fn), in_axes=(None, 0, 0))(w, xs, ys)
    return jnp.linalg.norm(g, axis=-1)
