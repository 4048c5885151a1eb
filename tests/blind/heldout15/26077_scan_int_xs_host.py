import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

PHASES = np.array([0.0, 0.5, 1.0, 1.5, 2.0], dtype=np.float32)


def _host_phase(i):
    return np.float32(PHASES[int(i) % len(PHASES)])


def driven(amp):
    def step(x, t):
        phase = jax.pure_callback(_host_phase, jax.ShapeDtypeStruct((), jnp.float32), t)
        x = 0.9 * x + amp * jnp.sin(phase)
        return x, x
    _, xs = lax.scan(step, jnp.float32(0.0), jnp.arange(5))
    return jnp.sum(xs ** 2)


print(driven(jnp.float32(1.0)))
print(jax.grad(driven)(jnp.float32(1.0)))
print(jax.jvp(driven, (jnp.float32(1.0),), (jnp.float32(1.0),)))
