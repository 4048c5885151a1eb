# neural-ODE style integrator with a hand-written adjoint (custom_vjp); forward sensitivities requested with jvp
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


@partial(jax.custom_vjp, nondiff_argnums=(2, 3))
def integrate(y0, theta, dt, n):
    def body(y, _):
        y = rk4(y, theta, dt)
        return y, y
    return jax.lax.scan(body, y0, None, length=n)[0]


def integrate_fwd(y0, theta, dt, n):
    return integrate(y0, theta, dt, n), (y0, theta)


def integrate_bwd(dt, n, res, g):
    y0, theta = res
    _, pullback = jax.vjp(lambda a, b: integrate.__wrapped__(a, b, dt, n), y0, theta)
    return pullback(g)


integrate.defvjp(integrate_fwd, integrate_bwd)

y0 = jnp.array([1.0, 0.0])
theta = jnp.array([9.81, 0.2])
print(jax.grad(lambda th: integrate(y0, th, 0.01, 50)[0])(theta))
yT, dyT = jax.jvp(lambda th: integrate(y0, th, 0.01, 50), (theta,), (jnp.array([1.0, 0.0]),))
print(yT, dyT)
