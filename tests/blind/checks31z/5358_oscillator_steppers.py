"""Damped oscillator integrated with a selectable stepper; each step reports its local error."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

ERRORS = []


def _log_error_np(t, err):
    e = np.asarray(err)
    ERRORS.append((float(np.asarray(t)), float(np.max(np.abs(e)))))
    return np.float32(0.0)


def _log_error_embedded(t, err):
    e = np.asarray(err)
    ERRORS.append((float(np.asarray(t)), float(jnp.max(jnp.abs(e)))))
    return np.float32(0.0)


def rhs(t, y, gamma=0.3, omega=2.0):
    return jnp.array([y[1], -2 * gamma * y[1] - omega ** 2 * y[0]])


def euler_step(f, t, y, h):
    y_new = y + h * f(t, y)
    y_half = y + 0.5 * h * f(t, y)
    y_half = y_half + 0.5 * h * f(t + 0.5 * h, y_half)
    io_callback(_log_error_np, jax.ShapeDtypeStruct((), jnp.float32), t, y_new - y_half)
    return y_half


def rk4_step(f, t, y, h):
    k1 = f(t, y)
    k2 = f(t + h / 2, y + h / 2 * k1)
    k3 = f(t + h / 2, y + h / 2 * k2)
    k4 = f(t + h, y + h * k3)
    y4 = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    y3 = y + h / 4 * (k1 + 3 * k3)
    io_callback(_log_error_embedded, jax.ShapeDtypeStruct((), jnp.float32), t, y4 - y3)
    return y4


STEPPERS = {"euler": euler_step, "rk4": rk4_step}


def integrate(f, y0, t0, t1, n, method="euler"):
    step = STEPPERS[method]
    h = (t1 - t0) / n

    def body(carry, i):
        y = step(f, t0 + i * h, carry, h)
        return y, y

    return jax.lax.scan(body, y0, jnp.arange(n))


if __name__ == "__main__":
    y0 = jnp.array([1.0, 0.0])
    yT, traj = jax.jit(lambda y: integrate(rhs, y, 0.0, 2.0, 8, method="rk4"))(y0)
    print(yT, len(ERRORS), ERRORS[-1])
