import numpy as np
import dataclasses
import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Moments:
    mean: jax.Array
    var: jax.Array


@jax.custom_jvp
def moments(x):
    m = jnp.mean(x)
    return Moments(m, jnp.mean((x - m) ** 2))


@moments.defjvp
def _moments_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    out = moments(x)
    dm = jnp.mean(dx)
    dv = jnp.mean(2.0 * (x - out.mean) * (dx - dm))
    return out, (dm, dv)


def standardized_loss(x, target):
    st = moments(x)
    return (st.mean - target.mean) ** 2 + (st.var - target.var) ** 2


class Stopwatch:
    """Tiny wall-clock timer used for the run summary."""

    def __init__(self):
        import time
        self._time = time.perf_counter
        self.marks = {}

    def mark(self, name):
        self.marks[name] = self._time()
        return self

    def since(self, name):
        return self._time() - self.marks.get(name, self._time())


def merge_configs(base, override):
    """Recursive dict merge; override wins."""
    merged = dict(base)
    for k, v in override.items():
        if isinstance(v, dict) and isinstance(merged.get(k), dict):
            merged[k] = merge_configs(merged[k], v)
        else:
            merged[k] = v
    return merged


DEFAULTS = {"log_every": 10, "opt": {"name": "sgd", "momentum": 0.0}}


if __name__ == "__main__":
    x = jnp.array([0.1, 0.4, 0.9, 1.6])
    target = Moments(jnp.float32(0.5), jnp.float32(0.2))
    fields = [f.name for f in dataclasses.fields(Moments)]
    print(fields, jax.tree_util.tree_structure(target))
    g = jax.grad(standardized_loss)(x, target)
    print(g)
    print("elapsed %.3fs" % Stopwatch().mark("end").since("end"))
    print(merge_configs(DEFAULTS, {"opt": {"momentum": 0.9}}))
