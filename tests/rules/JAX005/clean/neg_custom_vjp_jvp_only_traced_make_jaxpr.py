"""jvp of a custom_vjp function that is only traced (jax.make_jaxpr / jax.eval_shape to inspect
it): JAX raises only when the linearized call is lowered or run, so this works."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(x):
    return x


def clip_fwd(x):
    return x, None


def clip_bwd(_, g):
    return (jnp.clip(g, -1.0, 1.0),)


clip_gradient.defvjp(clip_fwd, clip_bwd)


def directional(x, v):
    return jax.jvp(lambda y: jnp.tanh(clip_gradient(y)), (x,), (v,))


x = jnp.linspace(-1.0, 1.0, 4)
print(jax.make_jaxpr(directional)(x, jnp.ones(4)))
print(jax.eval_shape(directional, x, jnp.ones(4)))
