"""Online feature normaliser that keeps running statistics on the host."""
import jax
import jax.experimental as jexp
import jax.numpy as jnp
import numpy as np


@jax.jit
def _safe_normalise(v, mean, var):
    return (v - mean) / jnp.sqrt(var + 1e-5)


class RunningStats:
    def __init__(self, dim):
        self.n = 0
        self.mean = np.zeros(dim, np.float32)
        self.m2 = np.zeros(dim, np.float32)

    def update(self, batch):
        batch = np.asarray(batch)
        for row in batch:
            self.n += 1
            d = row - self.mean
            self.mean += d / self.n
            self.m2 += d * (row - self.mean)
        var = self.m2 / max(self.n - 1, 1)
        return np.asarray(_safe_normalise(batch, self.mean, var))


stats = RunningStats(3)


def normalise(batch):
    return jexp.io_callback(stats.update, jax.ShapeDtypeStruct(batch.shape, batch.dtype),
                            batch, ordered=True)


@jax.jit
def encode(batch, w):
    return jnp.tanh(normalise(batch) @ w)


if __name__ == "__main__":
    w = jnp.ones((3, 2))
    for i in range(3):
        print(encode(jnp.arange(6.0).reshape(2, 3) * (i + 1), w).sum())
