from functools import partial

import jax


@partial(jax.custom_vjp, nondiff_argnums=(0, 2))
def unrolled_descent(grad_fn, theta, num_steps):
    """Run `num_steps` of gradient descent on grad_fn(theta, w) from w = 0."""
    w = jax.numpy.zeros_like(theta)
    for _ in range(num_steps):
        w = w - 0.1 * grad_fn(theta, w)
    return w
