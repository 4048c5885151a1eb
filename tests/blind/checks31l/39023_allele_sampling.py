"""Population-genetics simulator: host-side hypergeometric sampling of allele counts."""
import numpy as np
import jax
import jax.numpy as jnp


class CallbackBackend:
    def callback_options(self):
        return {}

    def call_host(self, fn, spec, *args):
        return jax.pure_callback(fn, spec, *args, **self.callback_options())


class SequentialVmapMixin:
    def callback_options(self):
        return {**super().callback_options(), "vmap_method": "sequential"}


class LegacyBatchMixin:
    def callback_options(self):
        return {**super().callback_options(), "vectorized": True}


class DriftModel(CallbackBackend):
    def __init__(self, pop_size, seed=0):
        self.pop_size = pop_size
        self._rng = np.random.default_rng(seed)

    def _sample(self, counts):
        counts = np.asarray(counts)
        freq = counts / self.pop_size
        return self._rng.binomial(self.pop_size, freq).astype(np.int32)

    def generation(self, counts):
        return self.call_host(self._sample, jax.ShapeDtypeStruct(counts.shape, jnp.int32), counts)

    def run(self, counts, n_gen):
        history = [counts]
        for _ in range(n_gen):
            counts = self.generation(counts)
            history.append(counts)
        return jnp.stack(history)


class BatchedDrift(SequentialVmapMixin, DriftModel):
    pass


class LegacyDrift(LegacyBatchMixin, DriftModel):
    pass


def heterozygosity(history, n):
    p = history / n
    return 2 * p * (1 - p)


if __name__ == "__main__":
    sim = BatchedDrift(pop_size=200, seed=4)
    start = jnp.array([100, 40, 160], dtype=jnp.int32)
    hist = sim.run(start, 8)
    h = heterozygosity(hist.astype(jnp.float32), 200)
    print("final counts:", np.asarray(hist[-1]).tolist())
    print("mean H per gen:", np.round(np.asarray(h.mean(axis=1)), 3).tolist())
