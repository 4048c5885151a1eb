"""The script sweeps a module-level backend name over two values, calling the jitted
function under each: its second call runs the host with the JAX backend."""
import jax
import jax.numpy as jnp
import numpy as np


def host(z):
    z = np.asarray(z)
    if BACKEND == "jax":
        return np.asarray(jnp.flip(z)).astype(np.float32)  # EXPECT: JAX011
    return np.flip(z).astype(np.float32)


@jax.jit
def f(z):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(z.shape, jnp.float32), z)


x = jnp.arange(3.0)
for BACKEND in ("numpy", "jax"):
    print(BACKEND, f(x))
