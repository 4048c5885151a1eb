"""A JVP rule that zeroes its primal output where the incoming tangent is not finite: the primal
is read off the tangents' values (no tangent flows through `isfinite`, but its value does), so
`jax.jacrev`, which must know the primal output without the tangents, fails."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def barrier(x):
    return -jnp.log(1.0 - x ** 2)


@barrier.defjvp
def barrier_jvp(primals, tangents):  # EXPECT: JAX015
    (x,), (t,) = primals, tangents
    y = -jnp.log(1.0 - x ** 2)
    y = jnp.where(jnp.isfinite(t), y, 0.0)
    return y, 2.0 * x / (1.0 - x ** 2) * t


print(jax.jacrev(barrier)(jnp.array([0.1, -0.4])))
