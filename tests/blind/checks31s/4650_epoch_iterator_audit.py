import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_audited = []


def _audit_host(row):
    _audited.append(float(np.asarray(row).sum()))


class Minibatches:
    def __init__(self, data, size, limit):
        self.data, self.size, self.limit = data, size, limit

    def __iter__(self):
        self.pos = 0
        self.served = 0
        return self

    def __next__(self):
        if self.served >= self.limit or self.pos >= len(self.data):
            raise StopIteration
        chunk = self.data[self.pos:self.pos + self.size]
        self.pos += self.size
        self.served += 1
        return chunk


def audit_row(row):
    io_callback(_audit_host, None, row, ordered=True)
    return row.sum()


def train(data, limit, audit_at=3):
    w = jnp.float32(0.0)
    for i, batch in enumerate(Minibatches(data, 2, limit)):
        w = w + 0.1 * jnp.mean(batch)
        if i == audit_at:
            w = w + 0.0 * jax.vmap(audit_row)(batch).sum()
    return w


def trapezoid(ys, dx=1.0):
    ys = np.asarray(ys, dtype=float)
    return float(dx * (ys[0] / 2 + ys[1:-1].sum() + ys[-1] / 2)) if ys.size > 1 else 0.0


def relative_change(old, new, eps=1e-12):
    return abs(new - old) / max(abs(old), eps)


def moving_average(values, window=3):
    """Trailing moving average of a plain Python sequence."""
    out, acc = [], 0.0
    for i, v in enumerate(values):
        acc += float(v)
        if i >= window:
            acc -= float(values[i - window])
        out.append(acc / min(i + 1, window))
    return out


def format_row(cells, width=10):
    return " | ".join(str(c)[:width].ljust(width) for c in cells)


if __name__ == "__main__":
    data = jnp.arange(20.0).reshape(10, 2)
    print(float(train(data, limit=5)), len(_audited))
    print(trapezoid([0.0, 1.0, 4.0]), relative_change(2.0, 2.5))
    print(format_row(moving_average([1, 2, 3, 4])))
