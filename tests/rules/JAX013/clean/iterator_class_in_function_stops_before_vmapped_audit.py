"""An iterator class made as a function's `for` loop iterable, its counters reset in
`__iter__`: it stops at its limit (3 batches) before the pass that would vmap an ordered
io_callback (`i == 3`), so JAX never batches the callback."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

seen = []


def _log_host(row):
    seen.append(float(np.asarray(row).sum()))


def _audit(row):
    io_callback(_log_host, None, row, ordered=True)
    return row.sum()


class _Batches:
    def __init__(self, data, size, limit):
        self.data, self.size, self.limit = data, size, limit

    def __iter__(self):
        self.pos = 0
        self.served = 0
        return self

    def __next__(self):
        if self.served >= self.limit or self.pos >= len(self.data):
            raise StopIteration
        batch = self.data[self.pos:self.pos + self.size]
        self.pos += self.size
        self.served += 1
        return batch


def _train(data, limit):
    total = jnp.float32(0.0)
    for i, batch in enumerate(_Batches(data, 2, limit)):
        total = total + jnp.mean(batch)
        if i == 3:
            total = total + jax.vmap(_audit)(batch).sum()
    return total


if __name__ == "__main__":
    print(float(_train(jnp.arange(20.0).reshape(10, 2), limit=3)), len(seen))
