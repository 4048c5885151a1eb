import jax
import jax.numpy as jnp

from eqn import positive_root


def residual(c):
    x = positive_root(c)
    return x**3 - x - c


if __name__ == "__main__":
    cs = jnp.array([0.5, 1.0, 2.0])
    print("roots", jax.jit(positive_root)(cs))
    print("residuals", jax.vmap(residual)(cs))
