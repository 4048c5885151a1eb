"""Projectile ensemble with a tabulated drag coefficient (host interpolation) in a scan integrator."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

MACH = np.array([0.0, 0.8, 1.0, 1.2, 2.0, 3.0])
CD = np.array([0.20, 0.22, 0.45, 0.40, 0.30, 0.26])


def _cd(speed):
    return np.interp(np.asarray(speed) / 340.0, MACH, CD).astype(np.float32)


def drag_coefficient(speed):
    return jax.pure_callback(_cd, jax.ShapeDtypeStruct(speed.shape, jnp.float32), speed)


def fly(v0, angle, dt=0.05, steps=80):
    state0 = jnp.array([0.0, 0.0, v0 * jnp.cos(angle), v0 * jnp.sin(angle)])

    def rk_step(s, _):
        def f(s):
            v = s[2:]
            speed = jnp.linalg.norm(v)
            a = -0.5 * 1.2 * drag_coefficient(speed) * 0.01 * speed * v + jnp.array([0.0, -9.81])
            return jnp.concatenate([v, a])
        k1 = f(s)
        k2 = f(s + 0.5 * dt * k1)
        s = s + dt * k2
        return s, s[0]

    s, xs = lax.scan(rk_step, state0, None, length=steps, unroll=2)
    return xs[-1]


print(fly(300.0, 0.6))
angles = jnp.linspace(0.3, 0.9, 5)
ranges = jax.vmap(fly, in_axes=(None, 0))(300.0, angles)
print(ranges)
