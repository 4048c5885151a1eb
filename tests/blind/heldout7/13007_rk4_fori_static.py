"""Classic RK4 integrator for a Lotka-Volterra model with a fixed number of steps.
The step count is a Python int, so fori_loop lowers to a scan and reverse mode works."""
import functools

import jax
import jax.numpy as jnp
from jax import lax


def lotka_volterra(z, params):
    prey, pred = z
    a, b, c, d = params
    return jnp.array([a * prey - b * prey * pred, d * prey * pred - c * pred])


def rk4_step(f, z, dt, params):
    k1 = f(z, params)
    k2 = f(z + 0.5 * dt * k1, params)
    k3 = f(z + 0.5 * dt * k2, params)
    k4 = f(z + dt * k3, params)
    return z + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


@functools.partial(jax.jit, static_argnames=("n_steps",))
def integrate(z0, params, dt=0.05, n_steps=40):
    body = lambda i, z: rk4_step(lotka_volterra, z, dt, params)
    return lax.fori_loop(0, n_steps, body, z0)


def objective(params, target=jnp.array([1.2, 0.8])):
    zT = integrate(jnp.array([1.0, 1.0]), params)
    return jnp.sum((zT - target) ** 2)


p = jnp.array([1.1, 0.4, 0.4, 0.1])
print(objective(p))
print(jax.grad(objective)(p))
print(jax.jacrev(integrate, argnums=1)(jnp.array([1.0, 1.0]), p))
