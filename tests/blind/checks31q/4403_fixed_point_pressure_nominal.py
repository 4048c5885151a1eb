"""Fixed-point pressure iteration (while_loop with tolerance) using a clipped activation with custom JVP."""
import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_jvp
def relu6(x):
    return jnp.clip(x, 0.0, 6.0)


@relu6.defjvp
def _relu6_rule(primals, tangents):
    (x,), (dx,) = primals, tangents
    inside = (x > 0.0) & (x < 6.0)
    return relu6(x), [jnp.where(inside, dx, 0.0)]


def pressure(drive, tol=1e-4, max_iter=50):
    def cond(state):
        p, prev, k = state
        return (jnp.abs(p - prev) > tol) & (k < max_iter)

    def body(state):
        p, _, k = state
        return relu6(0.5 * p + drive), p, k + 1

    p0 = jnp.zeros_like(drive)
    p, _, k = lax.while_loop(cond, body, (p0, p0 + 1.0, 0))
    return p


def response(load):
    return pressure(jnp.float32(1.2)) * load


if __name__ == "__main__":
    load = jnp.float32(1.2)
    print(jax.jvp(response, (load,), (jnp.float32(1.0),)))
