"""Callable RK2 integrator whose number of steps is computed from the final time with jnp
(ceil(t1 / dt)). The object is called eagerly, without jit, under grad."""
import jax
import jax.numpy as jnp
from jax import lax


class RK2:
    def __init__(self, rhs, dt=0.05):
        self.rhs = rhs
        self.dt = dt

    def __call__(self, y0, t1):
        n_steps = jnp.ceil(t1 / self.dt).astype(jnp.int32)
        h = t1 / n_steps

        def body(i, y):
            t = i * h
            k1 = self.rhs(t, y)
            k2 = self.rhs(t + h, y + h * k1)
            return y + 0.5 * h * (k1 + k2)

        return lax.fori_loop(0, n_steps, body, y0)


def decay(t, y):
    return -0.8 * y + jnp.sin(t)


if __name__ == "__main__":
    integ = RK2(decay)
    y0 = jnp.array([1.0, 0.5])
    print(integ(y0, 1.0))
    final_energy = lambda y, T: jnp.sum(integ(y, T) ** 2)
    print(jax.grad(final_energy, argnums=(0, 1))(y0, 1.0))
