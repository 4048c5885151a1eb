"""`next(it, None)` of an iterator class with no level left: the jitted smoother behind its `__next__` never runs."""
import numpy as np
import jax
import jax.numpy as jnp


def relax_host(u):
    return (0.5 * np.asarray(u)).astype(np.float32)


@jax.jit
def smooth(u):
    spec = jax.ShapeDtypeStruct(u.shape, jnp.float32)
    return jax.pure_callback(relax_host, spec, u, vectorized=True)


class Levels:
    def __init__(self, max_level):
        self.level = 0
        self.max_level = max_level

    def __iter__(self):
        return self

    def __next__(self):
        if self.level >= self.max_level:
            raise StopIteration
        self.level += 1
        return smooth(jnp.ones(2 ** self.level + 1))


if __name__ == "__main__":
    levels = Levels(max_level=0)
    first = next(levels, None)
    for first in levels:
        pass
    print("finest:", None if first is None else first.shape)
