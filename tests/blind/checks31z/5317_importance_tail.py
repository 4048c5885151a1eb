"""Importance-sampled tail probability; proposal draws come from a host sampler."""
import numpy as np
import jax
import jax.numpy as jnp

N = 200


class ShiftedSampler:
    def __init__(self, seed):
        self.rng = np.random.default_rng(seed)

    def __call__(self, shift):
        shift = float(np.asarray(shift))
        return (self.rng.standard_normal(N) + shift).astype(np.float32)


sampler = ShiftedSampler(seed=11)


def draw(shift):
    return jax.pure_callback(sampler, jax.ShapeDtypeStruct((N,), jnp.float32), shift, vectorized=False)


def log_normal_pdf(x, mu=0.0):
    return -0.5 * (x - mu) ** 2 - 0.5 * jnp.log(2 * jnp.pi)


@jax.jit
def tail_probability(threshold):
    xs = draw(threshold)
    log_w = log_normal_pdf(xs) - log_normal_pdf(xs, threshold)
    hits = (xs > threshold).astype(jnp.float32)
    w = jnp.exp(log_w) * hits
    return w.mean(), w.std() / jnp.sqrt(N)


def batches(n_items, batch_size):
    """Yield (start, stop) index pairs covering range(n_items)."""
    start = 0
    while start < n_items:
        stop = min(start + batch_size, n_items)
        yield start, stop
        start = stop


def moving_average(values, window=3):
    v = np.asarray(values, dtype=float)
    if v.size < window:
        return v
    kernel = np.ones(window) / window
    return np.convolve(v, kernel, mode="valid")


def summarize_history(history, every=1):
    picked = list(history)[::every]
    return {"n": len(picked), "first": picked[0] if picked else None,
            "last": picked[-1] if picked else None}


if __name__ == "__main__":
    p, se = tail_probability(jnp.float32(3.0))
    print("P(Z > 3) ~", p, "+/-", se, "(exact 1.35e-3)")
