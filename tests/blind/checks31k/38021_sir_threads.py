"""Thread-pool driver running jitted epidemic-model steps for several regions."""
from concurrent.futures import ThreadPoolExecutor
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

_BULLETIN = []


def _publish(incidence):
    arr = np.asarray(incidence)
    _BULLETIN.append(arr.copy())
    return np.float32(arr.sum())


def sir_step(state, beta, gamma, dt):
    s, i, r = state
    new_inf = beta * s * i * dt
    new_rec = gamma * i * dt
    return jnp.stack([s - new_inf, i + new_inf - new_rec, r + new_rec]), new_inf


def region_step(state, beta, week):
    nxt, incidence = sir_step(state, beta, 0.1, 1.0)
    published = io_callback(_publish, jax.ShapeDtypeStruct((), jnp.float32),
                            incidence, ordered=True)
    return nxt, published + 0.0 * week


AXES = (0, 0, None)
batched_step = jax.jit(jax.vmap(region_step, in_axes=AXES))


def run_week(states, betas, week):
    return batched_step(states, betas, jnp.float32(week))


def chunked(seq, size):
    """Yield successive slices of a sequence (used to size executor batches)."""
    for start in range(0, len(seq), size):
        yield seq[start:start + size]


def first_error(results):
    for item in results:
        if isinstance(item, BaseException):
            return item
    return None


def timed(label):
    """Decorator factory that records wall time per call into TIMINGS."""
    import time

    def deco(fn):
        def inner(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                TIMINGS.setdefault(label, []).append(time.perf_counter() - t0)
        return inner
    return deco


TIMINGS = {}


if __name__ == "__main__":
    states = jnp.array([[0.99, 0.01, 0.0], [0.95, 0.05, 0.0], [0.9, 0.1, 0.0]])
    betas = jnp.array([0.3, 0.25, 0.4])
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(functools.partial(run_week, states, betas, w)) for w in range(3)]
        results = [f.result() for f in futures]
    print([np.asarray(r[1]).round(4) for r in results], len(_BULLETIN))
