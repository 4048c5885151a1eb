"""A custom_jvp rule applies a custom_vjp helper to the tangent, but only forward mode (jvp, jacfwd, linearize) runs it: no transpose."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def rescale(t, s):
    return t * s


rescale.defvjp(lambda t, s: (t * s, (t, s)), lambda res, g: (g * res[1], jnp.sum(g * res[0])))


@jax.custom_jvp
def log1pexp(x):
    return jnp.logaddexp(0.0, x)


@log1pexp.defjvp
def _log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1pexp(x), rescale(t, jax.nn.sigmoid(x))


x = jnp.array([0.5, -1.0])
print(jax.jvp(log1pexp, (x,), (jnp.ones(2),)))
print(jax.jacfwd(log1pexp)(x))
y, f_jvp = jax.linearize(log1pexp, x)
print(f_jvp(jnp.ones(2)))
