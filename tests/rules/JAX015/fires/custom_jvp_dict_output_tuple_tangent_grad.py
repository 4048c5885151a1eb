"""A custom_jvp with a dict output whose rule builds its tangents as a tuple."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def stats(x):
    return {"mean": jnp.mean(x), "sq": jnp.mean(x ** 2)}


@stats.defjvp
def stats_jvp(primals, tangents):  # EXPECT: JAX015
    (x,), (dx,) = primals, tangents
    primal_out = {"mean": jnp.mean(x), "sq": jnp.mean(x ** 2)}
    tangent_out = (jnp.mean(dx), jnp.mean(2 * x * dx))
    return primal_out, tangent_out


print(jax.grad(lambda x: stats(x)["sq"])(jnp.arange(3.0)))
