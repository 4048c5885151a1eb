"""Pendulum step function: inspect the traced program before running anything."""
import numpy as np
import jax
import jax.numpy as jnp


def wrap_angles(theta):
    theta = np.asarray(theta)
    return ((theta + np.pi) % (2 * np.pi) - np.pi).astype(theta.dtype)


def pendulum_step(state, dt):
    theta, omega = state
    omega = omega - dt * 9.81 * jnp.sin(theta)
    theta = theta + dt * omega
    spec = jax.ShapeDtypeStruct(theta.shape, theta.dtype)
    theta = jax.pure_callback(wrap_angles, spec, theta, vectorized=True)
    return theta, omega


def rollout(state, dt, n):
    for _ in range(n):
        state = pendulum_step(state, dt)
    return state


def energy(state):
    theta, omega = state
    return 0.5 * omega ** 2 - 9.81 * jnp.cos(theta)


if __name__ == "__main__":
    s0 = (jnp.array([3.0, 0.5]), jnp.array([1.5, 0.0]))
    traced = jax.jit(rollout, static_argnums=(1, 2)).trace(s0, 0.05, 4)
    print(len(traced.jaxpr.eqns), np.asarray(energy(s0)).round(2))
