import jax.numpy as jnp
import telemetry as tm

MASK = jnp.array([1.0, 0.0, 1.0, 1.0, 0.0, 1.0])


def measure(signal):
    samples = MASK * jnp.cumsum(signal)
    return tm.tap(samples)
