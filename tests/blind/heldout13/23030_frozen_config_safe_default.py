"""Frozen dataclass solver config: the LAPACK-on-host path exists for cross-checking, but
the default config keeps the solve in JAX, which is what the sensitivity analysis uses."""
import dataclasses
import jax
import jax.numpy as jnp
import numpy as np
import scipy.linalg


@dataclasses.dataclass(frozen=True)
class SolverConfig:
    use_host_lu: bool = False
    ridge: float = 1e-6


def _host_solve(A, b):
    lu = scipy.linalg.lu_factor(np.asarray(A))
    return scipy.linalg.lu_solve(lu, np.asarray(b)).astype(np.float32)


def solve(A, b, cfg=SolverConfig()):
    A = A + cfg.ridge * jnp.eye(A.shape[0])
    if cfg.use_host_lu:
        return jax.pure_callback(_host_solve, jax.ShapeDtypeStruct(b.shape, b.dtype), A, b)
    return jnp.linalg.solve(A, b)


def steady_state(k, load):
    A = jnp.diag(k) + 0.1 * jnp.ones((k.shape[0], k.shape[0]))
    return solve(A, load)


if __name__ == "__main__":
    k = jnp.array([2.0, 3.0, 4.0])
    load = jnp.array([1.0, 0.0, -1.0])
    print(steady_state(k, load))
    A = jnp.diag(k) + 0.1
    print("host check", solve(A, load, SolverConfig(use_host_lu=True)))
    print(jax.jacfwd(steady_state)(k, load))
