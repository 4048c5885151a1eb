import jax
import jax.numpy as jnp


def _bce(model, params, x, y):
    z = model.logits(params, x)
    return jnp.mean(jnp.logaddexp(0.0, z) - y * z)


def sgd_fit(model, params, x, y, epochs=5, lr=0.5):
    g_fn = jax.grad(lambda p: _bce(model, p, x, y))
    for _ in range(epochs):
        g = g_fn(params)
        params = jax.tree_util.tree_map(lambda a, b: a - lr * b, params, g)
    return params
