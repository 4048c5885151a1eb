"""One factory called twice makes two builders: the second, the vmapped one, is made strict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def _host(v):
    SEEN.append(float(np.asarray(v)))


class LoggerBuilder:
    def __init__(self):
        self.ordered = False

    def strict(self):
        self.ordered = True
        return self

    def build(self):
        ordered = self.ordered

        def log(v):
            io_callback(_host, None, v, ordered=ordered)  # EXPECT: JAX013
            return v

        return log


def new_builder():
    return LoggerBuilder()


def main():
    audit_log = new_builder().build()
    fast_log = new_builder().strict().build()
    audit_log(jnp.float32(1.0))
    out = jax.vmap(lambda x: fast_log(jnp.sin(x)))(jnp.arange(3.0))
    print(out, len(SEEN))


if __name__ == "__main__":
    main()
