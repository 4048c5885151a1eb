"""grad through a pure_callback reached via the `import jax as jx` module alias."""
import jax as jx
import jax.numpy as jnp
import numpy as np


def host_sin(x):
    return np.sin(np.asarray(x)).astype(np.float32)


def model(x):
    y = jx.pure_callback(host_sin, jx.ShapeDtypeStruct(x.shape, x.dtype), x)  # EXPECT: JAX001
    return jnp.sum(y ** 2)


x = jnp.linspace(0.0, 1.0, 4)
print(jx.grad(model)(x))
