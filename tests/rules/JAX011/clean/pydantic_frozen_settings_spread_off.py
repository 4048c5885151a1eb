"""A frozen pydantic model made from a spread dict literal that leaves `exact` at its default
True: the helper the host calls takes the SciPy branch, never `jax.scipy`."""
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import scipy.linalg as sl
from pydantic import BaseModel, ConfigDict


class SolveOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    exact: bool = True
    ridge: float = 1e-6


def solve(k, f, *, exact):
    if exact:
        return sl.solve(k, f)
    return np.asarray(jsl.solve(k, f))


def make_host(options: SolveOptions):
    def host(k, f):
        k = np.asarray(k) + options.ridge * np.eye(k.shape[0], dtype=np.float32)
        return solve(k, np.asarray(f), exact=options.exact).astype(np.float32)
    return host


@jax.jit
def solved(k, f):
    options = SolveOptions(**{"ridge": 1e-5})
    return jax.pure_callback(make_host(options), jax.ShapeDtypeStruct(f.shape, jnp.float32), k, f)


print(solved(2.0 * jnp.eye(2), jnp.ones(2)))
