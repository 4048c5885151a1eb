"""Row-norm diagnostics for a small embedding table, computed on the host."""
import numpy as np
import jax
import jax.numpy as jnp


def _host_row_scale(values):
    arr = np.asarray(values)
    if arr.ndim == 2:
        # batched input: one scale per row
        scale = np.asarray(jnp.linalg.norm(arr, axis=-1, keepdims=True))
    else:
        scale = np.full_like(arr, np.sqrt(np.sum(arr * arr)))
    return (arr / np.maximum(scale, 1e-6)).astype(arr.dtype)


def normalise(x):
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    return jax.pure_callback(_host_row_scale, spec, x)


def cosine_table(emb):
    unit = normalise(emb)
    return unit @ unit.T if unit.ndim == 2 else unit * unit


@jax.jit
def summarise(emb):
    sims = cosine_table(emb)
    return {"mean": sims.mean(), "max": sims.max()}


def make_embeddings(n, d, seed=0):
    rng = np.random.default_rng(seed)
    return jnp.asarray(rng.normal(size=(n, d)).astype(np.float32))


def format_row(cells, widths=None):
    """Fixed-width table row for console output."""
    cells = [str(c) for c in cells]
    widths = widths or [max(8, len(c)) for c in cells]
    return " | ".join(c.ljust(w) for c, w in zip(cells, widths))


def check_finite(tree_like, where="output"):
    """Raise early with a readable message if a result contains NaN or inf."""
    leaves = tree_like.values() if isinstance(tree_like, dict) else [tree_like]
    for leaf in leaves:
        if not np.all(np.isfinite(np.asarray(leaf))):
            raise FloatingPointError(f"non-finite values in {where}")
    return True



if __name__ == "__main__":
    emb = make_embeddings(4, 3)[0]
    stats = summarise(emb)
    print({k: round(float(v), 4) for k, v in stats.items()})
