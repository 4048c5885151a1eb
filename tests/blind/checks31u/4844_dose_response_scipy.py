"""Fitting a saturating dose-response curve with SciPy on the host.

The objective is a JAX function; SciPy gets a NumPy wrapper for it and
for its gradient.
"""
import jax
import jax.numpy as jnp
import numpy as np
from scipy import optimize


@jax.custom_vjp
def hill(dose, log_ec50):
    ec50 = jnp.exp(log_ec50)
    return dose / (dose + ec50)


def _hill_fwd(dose, log_ec50):
    out = hill(dose, log_ec50)
    return out, (dose, log_ec50, out)


def _hill_bwd(res, g):
    dose, log_ec50, out = res
    d_log = -out * (1.0 - out)
    return g * d_log


hill.defvjp(_hill_fwd, _hill_bwd)


def sse(theta, dose, resp):
    top, log_ec50 = theta[0], theta[1]
    return jnp.sum((top * hill(dose, log_ec50) - resp) ** 2)


def as_numpy(fn, *data):
    def wrapped(theta):
        return np.asarray(fn(jnp.asarray(theta, jnp.float32), *data), np.float64)
    return wrapped


def synthetic(seed=0):
    rng = np.random.default_rng(seed)
    dose = np.geomspace(0.1, 10.0, 8)
    resp = 1.5 * dose / (dose + 2.0) + 0.02 * rng.normal(size=dose.size)
    return jnp.asarray(dose, jnp.float32), jnp.asarray(resp, jnp.float32)


SOLVER = {"method": "BFGS", "options": {"maxiter": 20}}

if __name__ == "__main__":
    dose, resp = synthetic()
    fun = as_numpy(sse, dose, resp)
    jac = as_numpy(jax.grad(sse), dose, resp)
    res = optimize.minimize(fun, np.array([1.0, 0.0]), jac=jac, **SOLVER)
    print("top", round(float(res.x[0]), 3), "ec50", round(float(np.exp(res.x[1])), 3))
