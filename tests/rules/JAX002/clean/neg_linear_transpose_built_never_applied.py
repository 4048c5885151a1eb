"""linear_transpose of a host matvec is constructed but never applied: nothing is transposed."""
import jax
import jax.numpy as jnp
import numpy as np

A = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)


def host_matvec(v):
    return (A @ np.asarray(v)).astype(np.float32)


def matvec(v):
    return jax.pure_callback(host_matvec, jax.ShapeDtypeStruct((2,), jnp.float32), v)


adjoint = jax.linear_transpose(matvec, jnp.zeros(2))
# the adjoint is kept for later, the driver only needs forward products for now
print(matvec(jnp.array([1.0, 1.0])), callable(adjoint))
