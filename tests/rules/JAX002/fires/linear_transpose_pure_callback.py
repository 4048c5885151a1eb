"""linear_transpose of a linear operator whose matvec runs on the host."""
import jax
import jax.numpy as jnp
import numpy as np

A = np.array([[2.0, 1.0], [0.0, 3.0]], dtype=np.float32)


def host_matvec(v):
    return (A @ np.asarray(v)).astype(np.float32)


def matvec(v):
    return jax.pure_callback(host_matvec, jax.ShapeDtypeStruct((2,), jnp.float32), v)  # EXPECT: JAX002


v = jnp.ones(2)
rmatvec = jax.linear_transpose(matvec, v)
print(rmatvec(jnp.array([1.0, -1.0])))
