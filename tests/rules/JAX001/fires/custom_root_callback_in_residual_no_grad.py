"""lax.custom_root linearizes its residual when it is called, so a host callback in the residual fails even without grad."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def _host_residual(x, a):
    return np.float32(np.tanh(x) + x - a)


def solve_equation(a):
    f = lambda x: jax.pure_callback(_host_residual, jax.ShapeDtypeStruct((), jnp.float32), x, a)  # EXPECT: JAX001

    def bisect(f, x0):
        lo, hi = jnp.float32(-5.0), jnp.float32(5.0)
        for _ in range(40):
            mid = 0.5 * (lo + hi)
            go_right = f(mid) < 0
            lo = jnp.where(go_right, mid, lo)
            hi = jnp.where(go_right, hi, mid)
        return 0.5 * (lo + hi)

    return lax.custom_root(f, jnp.float32(0.0), bisect, lambda g, y: y / g(1.0))


print(solve_equation(jnp.float32(1.0)))
