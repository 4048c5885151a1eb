import jax
import jax.numpy as jnp

from ops import affine
from params import init_params


def loss(params, x, y):
    return jnp.sum((affine(params, x) - y) ** 2)


if __name__ == "__main__":
    params = init_params(jax.random.key(0))
    x, y = jnp.array([1.0, -1.0, 0.5]), jnp.array([0.2, 0.3])
    for _ in range(3):
        grads = jax.grad(loss)(params, x, y)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    print(loss(params, x, y))
