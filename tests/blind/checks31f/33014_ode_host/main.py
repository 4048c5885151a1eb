import jax
import jax.numpy as jnp

from relax import make_integrator, physics

integrate = make_integrator(physics.rhs_compiled, h=0.1, steps=10)


@jax.jit
def final_state(y0, k):
    y = integrate(y0, k)
    return y + 0.01 * physics.rhs_device(y, k)


if __name__ == "__main__":
    y0 = jnp.array([1.0, -0.5])
    print(final_state(y0, jnp.float32(2.0)))
