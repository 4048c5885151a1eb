"""Driven pendulum integrated with odeint; the drive amplitude schedule is read from a host
table using the (non-differentiated) time, so adjoint sensitivities stay available."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.ode import odeint

_t = np.linspace(0, 10, 51)
_amp = (0.5 + 0.5 * np.tanh(_t - 3)).astype(np.float32)


def drive_amplitude(t):
    return jax.pure_callback(lambda s: np.float32(np.interp(s, _t, _amp)),
                             jax.ShapeDtypeStruct((), jnp.float32), t)


def pendulum(y, t, damping, omega_d):
    theta, w = y
    A = drive_amplitude(jax.lax.stop_gradient(t))
    return jnp.stack([w, -jnp.sin(theta) - damping * w + A * jnp.cos(omega_d * t)])


def swing(params):
    damping, omega_d = params
    ys = odeint(pendulum, jnp.array([0.1, 0.0]), jnp.linspace(0.0, 5.0, 6), damping, omega_d,
                rtol=1e-5, atol=1e-5)
    return jnp.sum(ys[:, 0] ** 2)


p = jnp.array([0.2, 0.9])
print(swing(p))
print(jax.grad(swing)(p))
