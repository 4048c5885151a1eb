"""Zero-phase Butterworth smoothing via SciPy inside a differentiable deconvolution objective."""
import numpy as np
import jax
import jax.numpy as jnp
from scipy import signal

SOS = signal.butter(4, 0.2, output="sos")


def _filtfilt(x):
    return signal.sosfiltfilt(SOS, np.asarray(x), padtype=None).astype(np.float32)


@jax.custom_vjp
def smooth(x):
    return jax.pure_callback(_filtfilt, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="sequential")


def _smooth_fwd(x):
    return smooth(x), None


def _smooth_bwd(_, g):
    # filtfilt without padding is (nearly) self-adjoint: apply it to the reversed cotangent
    g_rev = jax.pure_callback(_filtfilt, jax.ShapeDtypeStruct(g.shape, g.dtype), g[::-1],
                              vmap_method="sequential")
    return (g_rev[::-1],)


smooth.defvjp(_smooth_fwd, _smooth_bwd)


def objective(latent, measured):
    return jnp.mean((smooth(latent) - measured) ** 2) + 1e-3 * jnp.sum(jnp.diff(latent) ** 2)


t = jnp.linspace(0, 1, 128)
measured = jnp.sin(2 * jnp.pi * 3 * t) + 0.1 * jnp.cos(2 * jnp.pi * 40 * t)
latent = jnp.zeros_like(t)
step = jax.jit(lambda z: z - 5.0 * jax.grad(objective)(z, measured))
for _ in range(30):
    latent = step(latent)
print(objective(latent, measured))
