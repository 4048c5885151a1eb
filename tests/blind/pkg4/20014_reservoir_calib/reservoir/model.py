import jax
import jax.numpy as jnp


def route(k, storage0, inflow, horizon, dt):
    n_sub = jnp.ceil(horizon / dt).astype(jnp.int32)

    def substep(i, s):
        return s + dt * (inflow - k * s)

    return jax.lax.fori_loop(0, n_sub, substep, storage0)
