"""Host-side running statistics kept by a coroutine that the callback feeds with send()."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


def stats_keeper():
    count, mean, m2 = 0, 0.0, 0.0
    summary = None
    while True:
        batch = yield summary
        batch = np.asarray(batch)
        for v in batch.ravel():
            count += 1
            delta = float(v) - mean
            mean += delta / count
            m2 += delta * (float(v) - mean)
        spread = jnp.sqrt(m2 / max(count - 1, 1))
        summary = (count, mean, float(spread))


KEEPER = stats_keeper()
next(KEEPER)


def push(values):
    values = np.asarray(values)
    count, mean, spread = KEEPER.send(values)
    return np.float32(spread)


@jax.jit
def standardise(x):
    spread = io_callback(push, jax.ShapeDtypeStruct((), jnp.float32), x)
    return (x - jnp.mean(x)) / (spread + 1e-6)


if __name__ == "__main__":
    chunks = [jnp.linspace(0.0, 1.0, 5) * (i + 1) for i in range(4)]
    outs = [standardise(c) for c in chunks]
    print([round(float(o.max()), 3) for o in outs])
