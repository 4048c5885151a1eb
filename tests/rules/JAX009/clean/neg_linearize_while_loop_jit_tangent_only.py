"""jit of a heat-diffusion step count read at run time: jax.linearize a while_loop and push a
perturbation through the linear map (forward only): the loop is never transposed, JAX runs it."""
import jax
import jax.numpy as jnp
from jax import lax


def diffuse(temp, steps):
    def cond(carry):
        k, _ = carry
        return k < steps

    def body(carry):
        k, t = carry
        lap = jnp.roll(t, 1) - 2.0 * t + jnp.roll(t, -1)
        return k + 1, t + 0.1 * lap

    return lax.while_loop(cond, body, (0, temp))[1]


@jax.jit
def perturbation_response(temp, steps, delta):
    final, tangent_map = jax.linearize(lambda t: diffuse(t, steps), temp)
    return final, tangent_map(delta)


if __name__ == "__main__":
    t0 = jnp.array([0.0, 1.0, 0.0, 0.0])
    print(perturbation_response(t0, jnp.int32(4), jnp.array([0.0, 0.0, 1.0, 0.0])))
