import jax
import jax.numpy as jnp


def integrate(y0, k, t_end, n_steps=40):
    dt = t_end / n_steps

    def body(_, y):
        a, b = y[0], y[1]
        return y + dt * jnp.stack([-k[0] * a + k[1] * b, k[0] * a - k[1] * b])

    return jax.lax.fori_loop(0, n_steps, body, y0)
