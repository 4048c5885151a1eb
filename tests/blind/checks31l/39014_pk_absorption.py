"""Pharmacokinetic compartment models; the ODE solve runs on the host via SciPy."""
import numpy as np
from scipy.integrate import odeint
import jax
import jax.numpy as jnp


class HostODE:
    def __init__(self, n_states, **callback_opts):
        self.n_states = n_states
        self.callback_opts = callback_opts

    def rhs(self, y, t, *p):
        raise NotImplementedError

    def _solve(self, y0, times, params):
        y0 = np.asarray(y0, dtype=np.float64)
        times = np.asarray(times, dtype=np.float64)
        params = tuple(np.asarray(params, dtype=np.float64))
        return odeint(self.rhs, y0, times, args=params).astype(np.float32)

    def solve(self, y0, times, params):
        spec = jax.ShapeDtypeStruct((times.shape[0], self.n_states), jnp.float32)
        return jax.pure_callback(self._solve, spec, y0, times, params, **self.callback_opts)


class OneCompartment(HostODE):
    def __init__(self, **kw):
        super().__init__(2, **kw)

    def rhs(self, y, t, ka, ke):
        gut, central = y
        return [-ka * gut, ka * gut - ke * central]


class OneCompartmentBatched(OneCompartment):
    def __init__(self, **kw):
        super().__init__(vmap_method="sequential", **kw)


class OneCompartmentLegacy(OneCompartment):
    def __init__(self, **kw):
        super().__init__(vectorized=False, **kw)


def auc(conc, times):
    return jnp.trapezoid(conc, times)


def half_life(ke):
    return float(np.log(2.0) / ke)


if __name__ == "__main__":
    model = OneCompartmentBatched()
    times = jnp.linspace(0.0, 12.0, 13)
    dose = jnp.array([100.0, 0.0])
    params = jnp.array([1.2, 0.25])
    traj = jax.jit(model.solve)(dose, times, params)
    conc = traj[:, 1] / 40.0
    print("Cmax:", round(float(conc.max()), 3), "AUC:", round(float(auc(conc, times)), 3))
