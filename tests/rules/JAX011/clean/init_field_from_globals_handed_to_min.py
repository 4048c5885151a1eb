"""a picker's `__init__` looks its cost function up in the module's namespace by a name
built from what each construction gives it; the host hands that field to `min(key=)`, which
calls it: "hard" names the NumPy one"""
import jax
import jax.numpy as jnp
import numpy as np

COST = "hard"


def smooth_cost(row):
    return float(jnp.logaddexp(row[0], row[1]))


def hard_cost(row):
    return float(np.maximum(row[0], row[1]))


class Picker:
    def __init__(self, kind):
        self.cost = globals()[kind + "_cost"]

    def pick(self, rows):
        return min(rows, key=self.cost)


def host_pick(x):
    a = np.asarray(x)
    return np.asarray(Picker(COST).pick(list(a)), dtype=a.dtype)


@jax.jit
def choose(x):
    return jax.pure_callback(host_pick, jax.ShapeDtypeStruct(x.shape[1:], x.dtype), x)


if __name__ == "__main__":
    print(choose(jnp.arange(6.0).reshape(3, 2)))
