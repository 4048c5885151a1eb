"""Callback spec as a frozen dataclass; a 'legacy' copy is made with dataclasses.replace."""
import dataclasses
import numpy as np
import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class CallbackSpec:
    dtype: str = "float32"
    legacy: bool = False
    tag: str = "host"

    def call_kwargs(self):
        if self.legacy:
            return {"vectorized": True}
        return {"vmap_method": "sequential"}


def sinc_table(x):
    x = np.asarray(x)
    return np.sinc(x).astype(np.float32)


def apply_host(spec, fn, x):
    shape = jax.ShapeDtypeStruct(x.shape, jnp.dtype(spec.dtype))
    return jax.pure_callback(fn, shape, x, **spec.call_kwargs())


def window(spec, n):
    t = jnp.linspace(-2.0, 2.0, n, dtype=jnp.float32)
    lobe = apply_host(spec, sinc_table, t)
    return lobe * jnp.hanning(n)


default_spec = CallbackSpec(tag="lanczos")
compat_spec = dataclasses.replace(default_spec, legacy=True)
active_spec = compat_spec

class RunningMean:
    """Welford accumulator for scalar diagnostics collected between steps."""

    def __init__(self):
        self.n, self.mean, self.m2 = 0, 0.0, 0.0

    def push(self, value):
        value = float(value)
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)

    @property
    def variance(self):
        return self.m2 / (self.n - 1) if self.n > 1 else 0.0

    def __repr__(self):
        return f"RunningMean(n={self.n}, mean={self.mean:.4g}, var={self.variance:.4g})"


if __name__ == "__main__":
    w = window(active_spec, 9)
    print(active_spec.tag, w, w.sum())
