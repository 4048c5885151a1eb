"""Event counters for a particle-shower toy simulation.

Locally we route counters through a pure callback shim so that batching
is free; the detector-readout helper talks to the real IO channel.
"""
import jax
import jax.numpy as jnp
import numpy as np

_counts = {}


def io_callback(fn, result_shape, *args, ordered=False):
    # shim: counters are idempotent, so a pure callback is good enough here
    return jax.pure_callback(fn, result_shape, *args, vmap_method="sequential")


def _tally(hits):
    h = np.asarray(hits)
    _counts[h.shape] = _counts.get(h.shape, 0) + int(h.sum())
    return np.int32(h.sum())


def readout(energy, threshold=0.5):
    hits = (energy > threshold).astype(jnp.int32)
    return io_callback(_tally, jax.ShapeDtypeStruct((), jnp.int32), hits, ordered=True)


def shower(key, e0):
    energies = e0 * jax.random.uniform(key, (6,))
    n_hits = readout(energies)
    return energies.sum(), n_hits


def summarise(total, hits):
    t = np.asarray(total)
    h = np.asarray(hits)
    return {"mean_energy": float(t.mean()), "mean_hits": float(h.mean())}


def sample_keys(n, seed=0):
    return jax.random.split(jax.random.PRNGKey(seed), n)


if __name__ == "__main__":
    keys = sample_keys(4)
    e0 = jnp.float32(1.5)
    total, hits = jax.vmap(shower, in_axes=(0, None))(keys, e0)
    print(summarise(total, hits))
    print("tallies", _counts)
