import jax
import jax.numpy as jnp

from survival import cumulative_hazard


@jax.jit
def survival_curve(times, shape, scale):
    return jnp.exp(-cumulative_hazard(times, shape, scale))


if __name__ == "__main__":
    t = jnp.linspace(0.1, 3.0, 5)
    print(survival_curve(t, jnp.float32(1.5), jnp.float32(2.0)))
