import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

TRACE_DEFAULTS = {"ordered": False, "sharding": None}
_seen = []


def _record_rows(rows):
    rows = np.asarray(rows)
    _seen.append(rows.copy())
    return rows.astype(np.float32)


def trace_values(values, **options):
    spec = jax.ShapeDtypeStruct(values.shape, values.dtype)
    return io_callback(_record_rows, spec, values, **options)


def make_opts(**overrides):
    merged = {**TRACE_DEFAULTS, **overrides}
    merged.pop("sharding")
    return merged


def smooth(row, width, opts):
    kernel = jnp.ones((width,), row.dtype) / width
    padded = jnp.pad(row, (width // 2, width - 1 - width // 2), mode="edge")
    out = jnp.convolve(padded, kernel, mode="valid")
    return trace_values(out, **opts)


def run_batch(signal, opts):
    per_row = lambda r: smooth(r, 3, opts)
    return jax.vmap(per_row)(signal)



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
    sig = jnp.linspace(0.0, 1.0, 24, dtype=jnp.float32).reshape(4, 6)
    opts = make_opts(ordered_log=False)
    opts.pop("ordered_log", None)
    smoothed = run_batch(sig, opts)
    print("smoothed", smoothed.shape, float(smoothed.sum()))
    print("host saw", len(_seen), "calls")
