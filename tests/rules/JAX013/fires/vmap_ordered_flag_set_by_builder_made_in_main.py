"""A fluent builder made inside main() sets the ordered flag last: the built logger is ordered."""
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

    def strict(self, flag=True):
        self.ordered = flag
        return self

    def relaxed(self):
        self.ordered = False
        return self

    def build(self):
        ordered = self.ordered

        def log(v):
            io_callback(_host, None, v, ordered=ordered)  # EXPECT: JAX013
            return v

        return log


def main():
    log = LoggerBuilder().relaxed().strict().build()
    out = jax.vmap(lambda x: log(jnp.sin(x)))(jnp.arange(3.0))
    print(out, len(SEEN))


if __name__ == "__main__":
    main()
