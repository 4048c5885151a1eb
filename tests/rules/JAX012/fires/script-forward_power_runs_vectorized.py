"""`gain ** n`: Python calls `Gain.__pow__`, which passes `vectorized=` to a host without it."""
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
        return Gain(jax.pure_callback(host_pow, spec, self.linear, jnp.float32(n),  # EXPECT: JAX012
                                      vectorized=True))

    def __rpow__(self, base):
        spec = jax.ShapeDtypeStruct(self.linear.shape, jnp.float32)
        return Gain(jax.pure_callback(host_pow, spec, jnp.float32(base), self.linear))


def cascade(gain, stages):
    return gain ** stages


if __name__ == "__main__":
    print(cascade(Gain([1.5, 2.0]), 3).linear)
