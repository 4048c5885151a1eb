"""jit of a heat-diffusion step count read at run time: jax.linearize a while_loop over the
temperature, then jax.linear_transpose its linear map for the adjoint: the loop is transposed."""
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

    return lax.while_loop(cond, body, (0, temp))[1]  # EXPECT: JAX009


@jax.jit
def adjoint_sensitivity(temp, steps, weight):
    _, tangent_map = jax.linearize(lambda t: diffuse(t, steps), temp)
    adjoint_map = jax.linear_transpose(tangent_map, temp)
    return adjoint_map(weight)[0]


if __name__ == "__main__":
    t0 = jnp.array([0.0, 1.0, 0.0, 0.0])
    print(adjoint_sensitivity(t0, jnp.int32(4), jnp.array([1.0, 0.0, 0.0, 0.0])))
