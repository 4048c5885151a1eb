"""A frozen pydantic model whose validator reads only `label`: `exact=True` is kept as
given, so the helper the host calls takes the SciPy branch, never `jax.scipy`."""
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
import scipy.linalg as sl
from pydantic import BaseModel, ConfigDict, field_validator


class SolveOptions(BaseModel):
    model_config = ConfigDict(frozen=True)
    exact: bool = False
    label: str = "run"

    @field_validator("label")
    @classmethod
    def _tidy(cls, v: str) -> str:
        return v.strip()


def solve(k, f, *, exact):
    if exact:
        return sl.solve(k, f)
    return np.asarray(jsl.solve(k, f))


def make_host(options: SolveOptions):
    def host(k, f):
        return solve(np.asarray(k), np.asarray(f), exact=options.exact).astype(np.float32)
    return host


OPTIONS = SolveOptions(label=" main ", exact=True)


@jax.jit
def solved(k, f):
    return jax.pure_callback(make_host(OPTIONS), jax.ShapeDtypeStruct(f.shape, jnp.float32), k, f)


print(solved(2.0 * jnp.eye(2), jnp.ones(2)))
