# matrix-free operator that also streams its input to a host recorder; adjoint via linear_transpose
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

RECORDED = []
D = jnp.asarray(np.diag(np.arange(1.0, 6.0)) + np.diag(np.ones(4), 1), dtype=jnp.float32)


def _record_and_pass(v):
    RECORDED.append(np.asarray(v))
    return np.asarray(v, dtype=np.float32)


def operator(v):
    seen = io_callback(_record_and_pass, jax.ShapeDtypeStruct(v.shape, v.dtype), v)
    return D @ seen


v = jnp.ones(5, dtype=jnp.float32)
print(operator(v))
adjoint = jax.linear_transpose(operator, v)
print(adjoint(jnp.arange(5.0, dtype=jnp.float32)))
