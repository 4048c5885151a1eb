"""Fitting a decay rate through an adaptive-step ODE integrator written with lax.while_loop, trained with optax."""
import jax
import jax.numpy as jnp
import optax
from jax import lax


def integrate(k, y0, t_end=1.0, rtol=1e-3):
    def cond(state):
        t, y, dt = state
        return t < t_end

    def body(state):
        t, y, dt = state
        dt = jnp.minimum(dt, t_end - t)
        y_full = y * (1.0 - k * dt)
        y_half = y * (1.0 - k * dt / 2) ** 2
        err = jnp.abs(y_full - y_half) / (jnp.abs(y) + 1e-8)
        ok = err < rtol
        t = jnp.where(ok, t + dt, t)
        y = jnp.where(ok, y_half, y)
        dt = jnp.where(ok, dt * 1.5, dt * 0.5)
        return t, y, dt

    _, y, _ = lax.while_loop(cond, body, (0.0, y0, 0.1))  # EXPECT: JAX009
    return y


def loss(params):
    return (integrate(params["k"], 1.0) - 0.5) ** 2


params = {"k": jnp.float32(0.3)}
opt = optax.sgd(0.5)
state = opt.init(params)
for _ in range(2):
    l, g = jax.value_and_grad(loss)(params)
    updates, state = opt.update(g, state)
    params = optax.apply_updates(params, updates)
print(l, params)
