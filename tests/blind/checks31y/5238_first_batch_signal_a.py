import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Signal:
    def __init__(self):
        self._slots = []

    def connect(self, fn, once=False):
        self._slots.append((fn, once))

    def fire(self, payload):
        keep = []
        for fn, once in self._slots:
            payload = fn(payload)
            if not once:
                keep.append((fn, once))
        self._slots = keep
        return payload


on_first_batch = Signal()
snapshots = []


def _snapshot(arr):
    arr = np.asarray(arr)
    snapshots.append(arr.shape)
    return arr


def snapshot_once(arr):
    return io_callback(_snapshot, jax.ShapeDtypeStruct(arr.shape, arr.dtype), arr, ordered=True)


def normalise(row):
    mu = row.mean()
    sd = jnp.sqrt(((row - mu) ** 2).mean() + 1e-6)
    return on_first_batch.fire((row - mu) / sd)



def describe(tree, indent=0):
    """Human-readable summary of a nested container of arrays."""
    pad = " " * indent
    if isinstance(tree, dict):
        return "\n".join(f"{pad}{k}:\n{describe(v, indent + 2)}" for k, v in tree.items())
    if isinstance(tree, (list, tuple)):
        return "\n".join(describe(v, indent) for v in tree)
    shape = getattr(tree, "shape", ())
    dtype = getattr(tree, "dtype", type(tree).__name__)
    return f"{pad}{dtype}{list(shape)}"


def count_elements(tree):
    leaves = jax.tree_util.tree_leaves(tree)
    return sum(int(getattr(x, "size", 1)) for x in leaves)


if __name__ == "__main__":
    on_first_batch.connect(snapshot_once, once=True)
    data = jnp.arange(15.0, dtype=jnp.float32).reshape(3, 5) ** 1.5
    out = jax.vmap(normalise)(data)
    print(out.shape, float(out[0, 0]))
    print("snapshots", snapshots)
