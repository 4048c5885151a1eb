"""hessian of a function whose custom_jvp rule applies a host callback to tangents: the inner reverse pass transposes it."""
import jax
import jax.numpy as jnp
import numpy as np


def host_scale(t):
    return jax.pure_callback(lambda v: (3.0 * np.asarray(v)).astype(np.float32),  # EXPECT: JAX002
                             jax.ShapeDtypeStruct(t.shape, t.dtype), t, vmap_method="sequential")


@jax.custom_jvp
def triple(x):
    return 3.0 * x


triple.defjvp(lambda primals, tangents: (triple(primals[0]), host_scale(tangents[0])))


def f(x):
    return jnp.sum(jnp.sin(triple(x)))


print(jax.hessian(f)(jnp.array([0.1, 0.2])))
