"""Host-side ODE residual check; a failure of the diagnostic must not stop the run."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from scipy.integrate import solve_ivp

DIAGNOSTICS = {"checked": False}


def host_reference(y0, t_end):
    y0 = np.asarray(y0, dtype=np.float64)
    sol = solve_ivp(lambda t, y: -0.5 * y, (0.0, float(np.asarray(t_end))), y0, rtol=1e-8)
    return sol.y[:, -1].astype(np.float32)


def euler(y0, t_end, n=50):
    h = t_end / n
    y = y0
    for _ in range(n):
        y = y - 0.5 * h * y
    return y


@jax.jit
def compare(y0, t_end):
    ref = jax.pure_callback(host_reference, jax.ShapeDtypeStruct(y0.shape, jnp.float32),
                            y0, t_end, vectorized=False)
    return jnp.max(jnp.abs(euler(y0, t_end) - ref))


if __name__ == "__main__":
    y0 = jnp.array([1.0, 2.0])
    approx = euler(y0, 2.0)
    with contextlib.suppress(NotImplementedError, ValueError, jax.errors.JaxRuntimeError):
        err = compare(y0, 2.0)
        DIAGNOSTICS["checked"] = True
        DIAGNOSTICS["err"] = float(err)
    print(np.round(np.asarray(approx), 4), DIAGNOSTICS)
