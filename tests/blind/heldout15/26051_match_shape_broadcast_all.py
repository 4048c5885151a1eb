from dataclasses import dataclass
import numpy as np
import jax
import jax.numpy as jnp


def _host_sinc(x):
    return np.sinc(np.asarray(x)).astype(np.float32)


def sinc(x):
    return jax.pure_callback(_host_sinc, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                             vmap_method="broadcast_all")


@dataclass(kw_only=True)
class Resampler:
    cutoff: float = 0.8
    taps: int = 5

    def weights(self, frac):
        offs = jnp.arange(self.taps, dtype=jnp.float32) - self.taps // 2 - frac
        return self.cutoff * sinc(self.cutoff * offs)

    def __call__(self, signal, frac):
        match signal.shape:
            case (n,) if n >= self.taps:
                return jnp.convolve(signal, self.weights(frac), mode="same")
            case (b, n):
                return jax.vmap(self, in_axes=(0, None))(signal, frac)
            case other:
                raise ValueError(f"unsupported shape {other}")


rs = Resampler(taps=5)
sig = jnp.sin(jnp.linspace(0, 3, 8))
print(rs(sig, 0.25))
print(rs(jnp.stack([sig, 2 * sig]), 0.25).shape)
fracs = jnp.array([0.0, 0.25, 0.5])
print(jax.vmap(lambda f: rs(sig, f))(fracs).shape)
