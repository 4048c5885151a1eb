import jax
import jax.numpy as jnp


def running_total(x):
    out_spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(lambda v: jnp.cumsum(v), out_spec, x)


series = jnp.array([1.0, 2.0, 3.0, 4.0])
print(jax.jit(running_total)(series))
