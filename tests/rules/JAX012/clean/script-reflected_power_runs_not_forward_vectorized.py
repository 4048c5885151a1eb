"""`n ** gain` with an int on the left: int's `__pow__` gives NotImplemented, so Python calls
`Gain.__rpow__`; the `__pow__` passing `vectorized=` never runs."""
import jax
import jax.numpy as jnp
import numpy as np


def host_pow(base, expo):
    return np.power(np.asarray(base), np.asarray(expo)).astype(np.float32)


class Gain:
    def __init__(self, linear):
        self.linear = jnp.asarray(linear, dtype=jnp.float32)

    def __pow__(self, n):
        spec = jax.ShapeDtypeStruct(self.linear.shape, jnp.float32)
        return Gain(jax.pure_callback(host_pow, spec, self.linear, jnp.float32(n),
                                      vectorized=True))

    def __rpow__(self, base):
        spec = jax.ShapeDtypeStruct(self.linear.shape, jnp.float32)
        return Gain(jax.pure_callback(host_pow, spec, jnp.float32(base), self.linear))


def cascade(gain, stages):
    return stages ** gain


if __name__ == "__main__":
    print(cascade(Gain([1.5, 2.0]), 3).linear)
