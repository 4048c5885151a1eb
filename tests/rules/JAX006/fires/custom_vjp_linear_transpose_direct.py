"""linear_transpose applied directly to a custom_vjp-wrapped host FFT-like linear map."""
import jax
import jax.numpy as jnp
import numpy as np

H = np.array([[1.0, 1.0], [1.0, -1.0]], np.float32) / np.sqrt(2.0)


@jax.custom_vjp
def hadamard(x):
    return jax.pure_callback(lambda v: (H @ v).astype(np.float32), jax.ShapeDtypeStruct(x.shape, x.dtype), x)


def _fwd(x):
    return hadamard(x), None


def _bwd(_, g):
    return (hadamard(g),)  # H is symmetric


hadamard.defvjp(_fwd, _bwd)

x = jnp.array([1.0, 2.0])
print(jax.grad(lambda v: jnp.sum(hadamard(v) ** 2))(x))
Ht = jax.linear_transpose(hadamard, x)  # EXPECT: JAX006
print(Ht(jnp.array([1.0, 0.0])))
