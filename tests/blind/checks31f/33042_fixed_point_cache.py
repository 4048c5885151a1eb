# shape from: jax-ml/jax#25982 (callback docs: convert jax arrays before comparing them in a callback)
"""Damped fixed-point iteration whose host side remembers the last iterate."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback


@dataclass
class StallMonitor:
    previous: np.ndarray | None = None
    stalls: int = 0
    seen: list = field(default_factory=list)


MONITOR = StallMonitor()


def _record(iterate):
    iterate = np.asarray(iterate)
    prev, MONITOR.previous = MONITOR.previous, iterate
    MONITOR.seen.append(iterate.copy())
    if prev is not None and np.array_equal(prev, iterate):
        MONITOR.stalls += 1
    return np.int32(MONITOR.stalls)


def fixed_point(g, x0, n_iter=6, damping=0.5):
    def body(x, _):
        x_new = (1 - damping) * x + damping * g(x)
        stalls = io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), x_new)
        return x_new, stalls

    return jax.lax.scan(body, x0, None, length=n_iter)


if __name__ == "__main__":
    g = lambda x: jnp.cos(x)
    x_star, stalls = jax.jit(fixed_point, static_argnums=0)(g, jnp.array([0.3, 1.0]))
    print("fixed point", x_star, "stalls", stalls)
    print("host saw", len(MONITOR.seen), "iterates")
