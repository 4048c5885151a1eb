# %% [markdown]
# ## Dead-time correction study
# Simulate photon arrivals with JAX, push per-batch statistics out to a
# host-side log so we can look at them while the scan runs.

# %%
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

LOG = {}

# %%
def make_logger(tag, robust=False):
    LOG[tag] = []

    def _centre(counts):
        if robust:
            return float(jnp.median(counts))
        return float(np.mean(counts))

    def log_batch(i, counts):
        counts = np.asarray(counts)
        LOG[tag].append((int(np.asarray(i)), _centre(counts), float(counts.std())))
        return np.int32(len(LOG[tag]))

    return log_batch

# %%
def simulate(key, rate, dead_time, n_batches, logger):
    def body(carry, i):
        k = jax.random.fold_in(key, i)
        arrivals = jax.random.poisson(k, rate, (64,))
        measured = arrivals / (1.0 + arrivals * dead_time)
        n = io_callback(logger, jax.ShapeDtypeStruct((), jnp.int32), i, measured)
        return carry + measured.mean(), n
    total, ns = jax.lax.scan(body, 0.0, jnp.arange(n_batches))
    return total / n_batches, ns

def run_experiment(tag, rate=5.0, dead_time=0.02, robust=False, n_batches=6):
    logger = make_logger(tag, robust=robust)
    fn = jax.jit(lambda k: simulate(k, rate, dead_time, n_batches, logger))
    mean, ns = fn(jax.random.PRNGKey(42))
    print(f"[{tag}] mean measured rate = {float(mean):.3f}, logged {int(ns[-1])} batches")
    return LOG[tag]

# %%
base = run_experiment("baseline")
print(base[:2])

# %%
# heavier load -- same thing with rate changed
hi = run_experiment("high_rate", rate=20.0)
print(hi[-1])

# %%
# the mean is dominated by a few saturated batches; try a shorter dead time
hi_short = run_experiment("high_rate_short", rate=20.0, dead_time=0.005)
print(hi_short[-1])

# %%
for tag, rows in LOG.items():
    c = np.array([r[1] for r in rows])
    print(f"{tag:>18s}: {c.mean():.3f} +- {c.std():.3f}")
