"""Per-leaf parameter statistics printed by a host hook inside a jitted update."""
import functools
import numpy as np
import jax
import jax.numpy as jnp

STATS = {}


def _leaf_stats(name, leaf):
    arr = np.asarray(leaf)
    STATS[name] = float(jnp.mean(jnp.abs(arr)))


def make_hooked(name):
    def update(p, g):
        new = p - 0.05 * g
        jax.debug.callback(functools.partial(_leaf_stats, name), new)
        return new
    return jax.jit(update)


def init_params():
    return {"dense": jnp.ones((2, 2)), "bias": jnp.zeros(2), "scale": jnp.array(1.5)}


def loss(params, x):
    h = x @ params["dense"] + params["bias"]
    return params["scale"] * jnp.sum(h ** 2)


def chunked(seq, size):
    """Yield successive chunks of a sequence (used by the batch loader)."""
    seq = list(seq)
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def format_row(cells, widths=None):
    """Fixed-width table row for console output."""
    cells = [str(c) for c in cells]
    widths = widths or [max(8, len(c)) for c in cells]
    return " | ".join(c.ljust(w) for c, w in zip(cells, widths))



if __name__ == "__main__":
    params = init_params()
    grads = jax.grad(loss)(params, jnp.array([0.5, -0.5]))
    names = {k: k for k in params}
    updaters = jax.tree.map(make_hooked, names)
    new = jax.tree.map(lambda u, p, g: u(p, g), updaters, params, grads)
    jax.effects_barrier()
    print(sorted(STATS), float(new["scale"]))
