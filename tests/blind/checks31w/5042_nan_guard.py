"""A NaN guard: identity forward, backward checks the incoming cotangent and zeroes bad entries."""
import numpy as np
import jax
import jax.numpy as jnp

NAN_REPORTS = []


def _report_nans(where, count):
    if int(np.asarray(count)) > 0:
        NAN_REPORTS.append((int(np.asarray(where)), int(np.asarray(count))))


@jax.custom_vjp
def nan_guard(x, site):
    return x


def _guard_fwd(x, site):
    return x, site


def _guard_bwd(site, g):
    bad = ~jnp.isfinite(g)
    jax.debug.callback(_report_nans, site, jnp.sum(bad))
    return (jnp.where(bad, 0.0, g),)


nan_guard.defvjp(_guard_fwd, _guard_bwd)


def log_barrier(x, bound):
    return -jnp.sum(jnp.log(bound - x))


def objective(x):
    y = nan_guard(x ** 2, 1)
    return jnp.sum(y) + 0.1 * log_barrier(x, 2.0)


import dataclasses


@dataclasses.dataclass
class RunInfo:
    name: str
    seed: int = 0
    notes: str = ""

    def describe(self):
        extra = f" ({self.notes})" if self.notes else ""
        return f"run {self.name!r} seed={self.seed}{extra}"

    def key(self):
        return jax.random.PRNGKey(self.seed)


if __name__ == "__main__":
    x = jnp.array([0.5, -1.0, 1.5])
    g = jax.grad(objective)(x)
    print(g, NAN_REPORTS)
