"""Damped oscillator driven by a tabulated forcing, integrated with odeint.

The forcing is looked up from a measured table on the host (scipy interp1d).
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.ode import odeint
from scipy.interpolate import interp1d

_t_tab = np.linspace(0.0, 5.0, 41)
_f_tab = np.sin(1.7 * _t_tab) * np.exp(-0.2 * _t_tab)
_forcing = interp1d(_t_tab, _f_tab, kind="cubic")


def forcing(t):
    return jax.pure_callback(lambda tt: np.asarray(_forcing(tt), dtype=np.float32),
                             jax.ShapeDtypeStruct((), jnp.float32), t)


def rhs(y, t, omega, gamma):
    x, v = y
    return jnp.stack([v, -omega ** 2 * x - gamma * v + forcing(t)])


def final_displacement(params):
    omega, gamma = params
    ts = jnp.linspace(0.0, 4.0, 9)
    ys = odeint(rhs, jnp.array([0.0, 0.0]), ts, omega, gamma)
    return ys[-1, 0]


params = jnp.array([2.0, 0.3])
print("x(T) =", final_displacement(params))
print("dx(T)/dparams =", jax.grad(final_displacement)(params))
