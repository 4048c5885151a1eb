"""Debugging a step function eagerly: disable_jit to step through in Python."""
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
    with jax.disable_jit():
        s1 = rollout(s0, 0.05, 4)
    print([np.round(np.asarray(v), 3).tolist() for v in s1], np.asarray(energy(s1)).round(2))
