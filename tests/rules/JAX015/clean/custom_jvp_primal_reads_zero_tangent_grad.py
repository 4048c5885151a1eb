"""A JVP rule whose primal output adds `0.0 * dv`, differentiated with respect to `c` only:
`v`'s tangent is a zero JAX makes itself (a known value), so `jax.grad` runs. The same rule
differentiated with respect to `v` fails (`Linearization failed`)."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def damping(v, c):
    return c * v * jnp.sqrt(1.0 + v ** 2)


@damping.defjvp
def damping_jvp(primals, tangents):
    v, c = primals
    dv, dc = tangents
    s = jnp.sqrt(1.0 + v ** 2)
    out = c * v * s + 0.0 * dv
    return out, c * (s + v ** 2 / s) * dv + v * s * dc


v = jnp.array([0.5, -1.0])
print(jax.grad(lambda c: jnp.sum(damping(v, c)))(2.0))
