import jax
import jax.numpy as jnp


class TrustRegion:
    def __init__(self, fun, radius):
        self.fun = fun
        self.radius = radius
        self._grad = jax.grad(fun)

    def hvp(self, x, v):
        return jax.jvp(self._grad, (x,), (v,))[1]

    def run(self, x, iters=3):
        for _ in range(iters):
            g = self._grad(x)
            Hg = self.hvp(x, g)
            alpha = jnp.dot(g, g) / jnp.maximum(jnp.dot(g, Hg), 1e-6)
            step = -alpha * g
            step = step * jnp.minimum(1.0, self.radius / jnp.linalg.norm(step))
            x = x + step
        return x
