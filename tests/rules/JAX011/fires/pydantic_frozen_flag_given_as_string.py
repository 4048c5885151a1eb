"""A frozen pydantic model given `exact="false"`: pydantic turns the string into False, so the
helper the host calls takes the `jax.scipy` branch (the string itself would be truthy)."""
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import scipy.linalg as sl
from pydantic import BaseModel, ConfigDict


class SolveOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    exact: bool = True


def solve(k, f, *, exact):
    if exact:
        return sl.solve(k, f)
    return np.asarray(jsl.solve(k, f))  # EXPECT: JAX011


def make_host(options: SolveOptions):
    def host(k, f):
        return solve(np.asarray(k), np.asarray(f), exact=options.exact).astype(np.float32)
    return host


@jax.jit
def solved(k, f):
    options = SolveOptions(exact="false")
    return jax.pure_callback(make_host(options), jax.ShapeDtypeStruct(f.shape, jnp.float32), k, f)


print(solved(2.0 * jnp.eye(2), jnp.ones(2)))
