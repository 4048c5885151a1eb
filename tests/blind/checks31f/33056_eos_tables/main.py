import jax
import jax.numpy as jnp

from eos import pressure


@jax.jit
def sound_speed_proxy(rho, temp):
    p = pressure(rho, temp)
    return jnp.sqrt(1.4 * p / rho)


if __name__ == "__main__":
    rho = jnp.array([0.5, 1.0, 1.5])
    temp = jnp.array([300.0, 350.0, 400.0])
    print(sound_speed_proxy(rho, temp))
