"""custom_jvp whose rule applies a callback to tangents: calling the vjp pullback transposes the callback."""
import jax
import jax.numpy as jnp
import numpy as np


def _host_scale(t):
    return (2.0 * np.asarray(t)).astype(np.float32)


@jax.custom_jvp
def double(x):
    return 2.0 * x


@double.defjvp
def double_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    t_out = jax.pure_callback(_host_scale, jax.ShapeDtypeStruct(t.shape, t.dtype), t,  # EXPECT: JAX002
                              vmap_method="sequential")
    return double(x), t_out


y, pullback = jax.vjp(double, jnp.ones(3))
(ct,) = pullback(jnp.ones(3))
print(ct)
