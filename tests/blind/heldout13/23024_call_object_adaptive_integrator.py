"""A callable integrator object: __call__ advances an ODE with a while_loop until the final
time is reached. The initial-condition sensitivity uses reverse mode."""
import jax
import jax.numpy as jnp
from jax import lax


class EulerIntegrator:
    def __init__(self, rhs, dt=0.05):
        self.rhs = rhs
        self.dt = dt

    def __call__(self, y0, t1):
        def cond(state):
            t, _ = state
            return t < t1

        def body(state):
            t, y = state
            h = jnp.minimum(self.dt, t1 - t)
            return t + h, y + h * self.rhs(t, y)

        _, y = lax.while_loop(cond, body, (jnp.float32(0.0), y0))
        return y


def decay(t, y):
    return -0.8 * y + jnp.sin(t)


if __name__ == "__main__":
    integ = EulerIntegrator(decay)
    y0 = jnp.array([1.0, 0.5])
    print(integ(y0, 1.0))
    print(jax.jacfwd(integ)(y0, 1.0))
    final_energy = lambda y: jnp.sum(integ(y, 1.0) ** 2)
    print(jax.grad(final_energy)(y0))
