# Models: host (numpy.fft) spectral smoothing op wrapped in custom_jvp whose JVP pushes tangents through the same host op (cf. jax issue 30401); used in a jax.grad loss
import numpy as np
import jax
import jax.numpy as jnp

WINDOW = np.exp(-0.5 * (np.fft.rfftfreq(8) / 0.15) ** 2)


def _smooth_host(x):
    x = np.asarray(x)
    return np.fft.irfft(np.fft.rfft(x) * WINDOW, n=x.shape[-1]).astype(x.dtype)


def host_smooth(x):
    return jax.pure_callback(_smooth_host, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="legacy_vectorized")


@jax.custom_jvp
def spectral_smooth(x):
    return host_smooth(x)


@spectral_smooth.defjvp
def _spectral_smooth_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return host_smooth(x), host_smooth(t)  # linear operator


def roughness_penalty(signal, data, lam=0.5):
    sm = spectral_smooth(signal)
    return jnp.sum((sm - data) ** 2) + lam * jnp.sum(jnp.diff(signal) ** 2)


if __name__ == "__main__":
    data = jnp.sin(jnp.linspace(0, 3, 8)).astype(jnp.float32)
    sig = jnp.zeros(8, jnp.float32)
    # forward-mode works
    _, tan = jax.jvp(roughness_penalty, (sig, data), (jnp.ones(8, jnp.float32), jnp.zeros(8, jnp.float32)))
    print(tan)
    g = jax.grad(roughness_penalty)(sig, data)
    print(g)
