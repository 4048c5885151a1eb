"""A runner builder made inside main() ends on sequential(): lax.map, never vmap, runs the ordered log."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def _host(v):
    SEEN.append(float(np.asarray(v)))
    return np.float32(0.0)


def score(x):
    s = jnp.sum(x ** 2)
    return s + io_callback(_host, jax.ShapeDtypeStruct((), jnp.float32), s, ordered=True)


class RunnerBuilder:
    def __init__(self):
        self.mode = "sequential"

    def batched(self):
        self.mode = "batched"
        return self

    def sequential(self):
        self.mode = "sequential"
        return self

    def build(self, fn):
        if self.mode == "batched":
            return jax.vmap(fn)
        return lambda xs: jax.lax.map(fn, xs)


def main():
    run = RunnerBuilder().batched().sequential().build(score)
    print(run(jnp.ones((3, 2))), len(SEEN))


if __name__ == "__main__":
    main()
