# neural-ODE style integrator with a hand-written adjoint; tangent map built once with linearize
from functools import partial

import jax
import jax.numpy as jnp


def dynamics(y, theta):
    return jnp.array([y[1], -theta[0] * jnp.sin(y[0]) - theta[1] * y[1]])


def rk4(y, theta, dt):
    k1 = dynamics(y, theta)
    k2 = dynamics(y + 0.5 * dt * k1, theta)
    k3 = dynamics(y + 0.5 * dt * k2, theta)
    k4 = dynamics(y + dt * k3, theta)
    return y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def _solve(y0, theta, dt, n):
    def body(y, _):
        return rk4(y, theta, dt), None
    return jax.lax.scan(body, y0, None, length=n)[0]


@partial(jax.custom_vjp, nondiff_argnums=(2, 3))
def integrate(y0, theta, dt, n):
    return _solve(y0, theta, dt, n)


def integrate_fwd(y0, theta, dt, n):
    out, pullback = jax.vjp(lambda a, b: _solve(a, b, dt, n), y0, theta)
    return out, pullback


def integrate_bwd(dt, n, pullback, g):
    return pullback(g)


integrate.defvjp(integrate_fwd, integrate_bwd)


class Pendulum:
    def __init__(self, dt=0.01, n=50):
        self.dt, self.n = dt, n

    def final_state(self, theta, y0=jnp.array([1.0, 0.0])):
        return integrate(y0, theta, self.dt, self.n)


pend = Pendulum()
theta = jnp.array([9.81, 0.2])
yT, f_lin = jax.linearize(pend.final_state, theta)
directions = jnp.eye(2)
cols = [f_lin(d) for d in directions]
print(yT, jnp.stack(cols, axis=1))
