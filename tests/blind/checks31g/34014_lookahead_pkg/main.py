import jax
import jax.numpy as jnp

from optim import unrolled_descent
from problem import inner_grad, outer_loss

if __name__ == "__main__":
    theta = jnp.array([0.5, -1.0])
    target = jnp.array([1.0, 1.0])
    hyper = lambda t: outer_loss(unrolled_descent(inner_grad, t, 10), target)
    for _ in range(3):
        theta = theta - 0.5 * jax.grad(hyper)(theta)
    print(theta, hyper(theta))
