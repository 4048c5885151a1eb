# Models: tabulated equation-of-state lookup via scipy interpolation, linearized with jax.linearize for a Newton-Krylov step
import numpy as np
import jax
import jax.numpy as jnp
from scipy.interpolate import CubicSpline

jax.config.update("jax_enable_x64", True)

_T = np.linspace(200.0, 400.0, 21)
_P = 101.325 * np.exp(0.012 * (_T - 300.0))
_spline = CubicSpline(_T, _P)


def _host_pressure(temp):
    temp = np.asarray(temp)
    return np.asarray(_spline(temp), dtype=temp.dtype)


def pressure(temp):
    spec = jax.ShapeDtypeStruct(temp.shape, temp.dtype)
    return jax.pure_callback(_host_pressure, spec, temp, vmap_method="sequential")


def residual(state, target):
    temp, vol = state["T"], state["V"]
    p = pressure(temp)
    return {
        "T": p * vol - target,
        "V": vol - 0.5 * jnp.sqrt(temp),
    }


def newton_direction(state, target):
    r, f_lin = jax.linearize(lambda s: residual(s, target), state)
    # one matrix-free probe along the residual direction
    probe = jax.tree_util.tree_map(lambda a: -a, r)
    return f_lin(probe), r


def main():
    state = {"T": jnp.array([280.0, 310.0, 330.0]), "V": jnp.array([8.0, 9.0, 9.5])}
    target = jnp.array([800.0, 900.0, 1000.0])
    step, r = newton_direction(state, target)
    print(jax.tree_util.tree_map(lambda a: a.shape, step))
    print(r["T"])


if __name__ == "__main__":
    main()
