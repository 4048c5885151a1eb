"""pure_callback of a jitted jnp.linalg.eig with vectorized=True: JAX 0.10.2 passes
`vectorized=True` on to the jitted function, which raises TypeError; the host function is JAX."""
# Re-expressed from facebookresearch/fmmax src/fmmax/utils.py:146 (`_eig_jax`: the branch taken
# when the first device is not a CPU; forced here, since this machine has only a CPU).
import jax
import jax.numpy as jnp

with jax.default_device(jax.devices("cpu")[0]):
    _eig_jax_cpu = jax.jit(jnp.linalg.eig)


def eig(matrix):
    dtype = jnp.promote_types(matrix.dtype, jnp.complex64)
    return jax.pure_callback(  # EXPECT: JAX012
        _eig_jax_cpu,  # EXPECT: JAX011
        (jnp.ones(matrix.shape[:-1], dtype=dtype), jnp.ones(matrix.shape, dtype=dtype)),
        matrix.astype(dtype),
        vectorized=True,
    )


print(jax.jit(eig)(jnp.eye(3) * 2.0))
