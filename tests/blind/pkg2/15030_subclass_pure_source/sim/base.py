import numpy as np
import jax
import jax.numpy as jnp


class ReactionDiffusion:
    def __init__(self, n=12, D=0.05, dt=0.01):
        self.n, self.D, self.dt = n, D, dt

    def source(self, u, rate):
        # legacy Fortran-style kernel kept on the host
        def kern(v):
            return (np.asarray(v) * (1.0 - np.asarray(v))).astype(np.float32)
        s = jax.pure_callback(kern, jax.ShapeDtypeStruct(u.shape, u.dtype), u)
        return rate * s

    def step(self, u, rate):
        lap = jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)
        return u + self.dt * (self.D * lap + self.source(u, rate))

    def run(self, u0, rate, steps=10):
        def body(u, _):
            return self.step(u, rate), None
        u, _ = jax.lax.scan(body, u0, None, length=steps)
        return u
