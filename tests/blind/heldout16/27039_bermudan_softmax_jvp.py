"""Bermudan put by a smoothed binomial tree; the exercise decision has a hand-written VJP."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def smooth_max(a, b):
    return jnp.logaddexp(a * 20.0, b * 20.0) / 20.0


def _sm_fwd(a, b):
    w = jax.nn.sigmoid(20.0 * (a - b))
    return jnp.logaddexp(a * 20.0, b * 20.0) / 20.0, w


def _sm_bwd(w, g):
    return g * w, g * (1 - w)


smooth_max.defvjp(_sm_fwd, _sm_bwd)


def bermudan_put(spot, vol, strike=100.0, rate=0.03, T=1.0, n=30):
    dt = T / n
    u = jnp.exp(vol * jnp.sqrt(dt))
    d = 1 / u
    p = (jnp.exp(rate * dt) - d) / (u - d)
    j = jnp.arange(n + 1)
    values = jnp.maximum(strike - spot * u ** (n - 2 * j), 0.0)
    for step in range(n - 1, -1, -1):
        j = jnp.arange(step + 1)
        cont = jnp.exp(-rate * dt) * (p * values[:-1] + (1 - p) * values[1:])
        exercise = strike - spot * u ** (step - 2 * j)
        values = smooth_max(cont, exercise) if step % 6 == 0 else cont
    return values[0]


price, delta = jax.jvp(bermudan_put, (100.0, 0.2), (1.0, 0.0))
print(price, delta)
