import jax
import jax.numpy as jnp

from model import contraction, target_residual
from solvers import fixed_point


def loss(a, x0, target):
    x_star = fixed_point(contraction, a, x0)
    return target_residual(x_star, target)


if __name__ == "__main__":
    a = jnp.array([0.3, 0.8, 1.2])
    x0 = jnp.zeros(3)
    target = jnp.full(3, 0.4)
    print("fixed point", fixed_point(contraction, a, x0))
    for _ in range(3):
        g = jax.grad(loss)(a, x0, target)
        a = a - 0.5 * g
    print("fitted a", a)
