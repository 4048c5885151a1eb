import numpy as np
import jax
import jax.numpy as jnp


def step(carry, x):
    y = jax.pure_callback(np.cbrt, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                          vectorized=True)
    return carry + y, y


total, ys = jax.lax.scan(step, jnp.float32(0.0), jnp.array([1.0, 8.0, 27.0]))
print(total, ys)
