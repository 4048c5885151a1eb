"""grad of grad through a custom_vjp whose bwd runs the host adjoint: the outer reverse pass differentiates bwd's callback."""
import jax
import jax.numpy as jnp
import numpy as np


def _np_tridiag_matvec(v):
    v = np.asarray(v)
    out = 2.0 * v
    out[:-1] -= v[1:]
    out[1:] -= v[:-1]
    return out.astype(np.float32)


@jax.custom_vjp
def smooth(x):
    return 2.0 * x - jnp.concatenate([x[1:], jnp.zeros(1)]) - jnp.concatenate([jnp.zeros(1), x[:-1]])


def smooth_fwd(x):
    return smooth(x), None


def smooth_bwd(_, g):
    # the operator is symmetric: its adjoint is the same matvec, done on the host
    return (jax.pure_callback(_np_tridiag_matvec, jax.ShapeDtypeStruct(g.shape, g.dtype), g),)  # EXPECT: JAX007


smooth.defvjp(smooth_fwd, smooth_bwd)


def roughness(x):
    return jnp.sum(jnp.tanh(smooth(x)) ** 2)


def directional(x):
    return jnp.vdot(jax.grad(roughness)(x), jnp.ones_like(x))


print(jax.grad(directional)(jnp.array([0.1, 0.5, -0.2, 0.3])))
