"""Michaelis-Menten kinetics integrated with odeint; the rate law lives in a host routine."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint

VMAX, KM = 1.2, 0.4


def _rate(s, t, *, vectorized=False):
    conc = np.asarray(s)
    return (-VMAX * conc / (KM + conc)).astype(conc.dtype)


def dynamics(s, t):
    spec = jax.ShapeDtypeStruct(s.shape, s.dtype)
    return jax.pure_callback(_rate, spec, s, t, vectorized=False)


def substrate_curve(s0, t_end=2.0, n=4):
    ts = jnp.linspace(0.0, t_end, n)
    return odeint(dynamics, s0, ts, rtol=1e-4, atol=1e-4)


def describe_array(name, arr):
    """One-line summary used in the run log."""
    a = np.asarray(arr)
    if a.size == 0:
        return f"{name}: empty {a.dtype}"
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"


class Timer:
    """Tiny wall-clock timer for the command-line run."""

    def __init__(self):
        import time
        self._clock = time.perf_counter
        self.start = self._clock()

    def lap(self):
        now = self._clock()
        elapsed, self.start = now - self.start, now
        return elapsed


def check_finite(tree_like, where="output"):
    """Raise early with a readable message if a result contains NaN or inf."""
    leaves = tree_like.values() if isinstance(tree_like, dict) else [tree_like]
    for leaf in leaves:
        if not np.all(np.isfinite(np.asarray(leaf))):
            raise FloatingPointError(f"non-finite values in {where}")
    return True



if __name__ == "__main__":
    curve = substrate_curve(jnp.array([1.0, 0.5]))
    print(np.round(np.asarray(curve), 4))
