"""Fixed number of Newton sweeps for a cube root; sensitivity through a custom JVP."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_jvp
def cube_root(x):
    return jnp.sign(x) * jnp.abs(x) ** (1.0 / 3.0)


@cube_root.defjvp
def _cube_root_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    y = jnp.sign(x) * jnp.abs(x + 0.0 * dx) ** (1.0 / 3.0)
    return y, dx / (3.0 * jnp.maximum(y * y, 1e-6))


def refine(a, sweeps=4):
    def body(i, y):
        return y - (y ** 3 - a) / (3.0 * y * y) * 0.5 + 0.5 * (cube_root(a) - y)
    return lax.fori_loop(0, sweeps, body, jnp.ones_like(a))


def sensitivity(a):
    return jax.jvp(refine, (a,), (jnp.ones_like(a),))[1]


if __name__ == "__main__":
    a = jnp.float32(5.0)
    print(refine(a), sensitivity(a))
