"""Forward-mode jvp through lax.while_loop works (only reverse mode is rejected)."""
import jax
import jax.numpy as jnp
from jax import lax


def bisect_growth(rate):
    def cond(c):
        t, y = c
        return y < 2.0

    def body(c):
        t, y = c
        return t + 1, y * (1.0 + rate)

    _, y = lax.while_loop(cond, body, (0, jnp.float32(1.0)))
    return y


print(jax.jvp(bisect_growth, (jnp.float32(0.1),), (jnp.float32(1.0),)))
