"""linear_transpose ignores custom_jvp: transposing a linear host map wrapped in custom_jvp reaches the callback."""
import jax
import jax.numpy as jnp
import numpy as np

B = np.array([[1.0, 2.0], [0.0, 1.0], [3.0, -1.0]], np.float32)


@jax.custom_jvp
def blur(x):
    return jax.pure_callback(lambda v: (B @ v).astype(np.float32),  # EXPECT: JAX002
                             jax.ShapeDtypeStruct((3,), jnp.float32), x)


@blur.defjvp
def _blur_jvp(primals, tangents):
    x, = primals
    dx, = tangents
    return blur(x), blur(dx)


adjoint = jax.linear_transpose(blur, jnp.zeros(2, jnp.float32))
(back,) = adjoint(jnp.ones(3, jnp.float32))
print(back)
