"""Decibel quantities whose powers are evaluated with a host math library."""
import math

import jax
import jax.numpy as jnp
import numpy as np


def host_pow(base, expo):
    base = np.asarray(base)
    expo = np.asarray(expo)
    return np.power(base, expo).astype(np.float32)


class Gain:
    def __init__(self, linear):
        self.linear = jnp.asarray(linear, dtype=jnp.float32)

    @property
    def db(self):
        return 20 * jnp.log10(self.linear)

    def __pow__(self, n):
        spec = jax.ShapeDtypeStruct(self.linear.shape, jnp.float32)
        out = jax.pure_callback(host_pow, spec, self.linear, jnp.float32(n),
                                vectorized=True)
        return Gain(out)

    def __rpow__(self, base):
        spec = jax.ShapeDtypeStruct(self.linear.shape, jnp.float32)
        return Gain(jax.pure_callback(host_pow, spec, jnp.float32(base), self.linear))

    def __neg__(self):
        return Gain(1.0 / self.linear)


def cascade(stage, n_stages):
    return stage ** n_stages


def db_to_linear(db):
    return 10 ** (jnp.asarray(db) / 20)


def noise_figure(gains_db, nfs_db):
    f = 10 ** (np.asarray(nfs_db) / 10)
    g = 10 ** (np.asarray(gains_db) / 10)
    total = f[0] + sum((f[i] - 1) / np.prod(g[:i]) for i in range(1, len(f)))
    return 10 * np.log10(total)


if __name__ == "__main__":
    amp = Gain([1.5, 2.0])
    total = cascade(amp, 3)
    print(total.db, (-amp).db, math.log10(2))
    print(db_to_linear(6.0), noise_figure([10, 10], [2, 3]))
