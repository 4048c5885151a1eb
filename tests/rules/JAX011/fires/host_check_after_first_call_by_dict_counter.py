"""The host keeps its call count in a module-level dict and checks on the device from its
second call on: the first run does not reach the check, the next ones do."""
import jax
import jax.numpy as jnp
import numpy as np

STATE = {"calls": 0}


def host(z):
    STATE["calls"] = STATE["calls"] + 1
    out = np.asarray(z) * 2.0
    if STATE["calls"] == 2:
        out = np.asarray(jnp.sqrt(out))  # EXPECT: JAX011
    return out.astype(np.float32)


@jax.jit
def f(z):
    return jax.pure_callback(host, jax.ShapeDtypeStruct(z.shape, jnp.float32), z)


print(f(jnp.arange(3.0)))
print(f(jnp.arange(4.0)))
