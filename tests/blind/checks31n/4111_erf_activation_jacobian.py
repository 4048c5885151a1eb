"""Error-function activation evaluated by a host routine, with an analytic derivative rule."""
import math
import numpy as np
import jax
import jax.numpy as jnp
import jax.scipy.special as jsp


def _host_erf(x):
    a = np.asarray(x)
    return np.asarray(jsp.erf(a), dtype=a.dtype)


@jax.custom_jvp
def erf_act(x):
    return jax.pure_callback(_host_erf, jax.ShapeDtypeStruct(x.shape, x.dtype), x)


@erf_act.defjvp
def _erf_act_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = erf_act(x)
    return y, (2.0 / math.sqrt(math.pi)) * jnp.exp(-x * x) * t


def head(params, x):
    return erf_act(params["w"] * x + params["b"])


def sensitivity(params, x):
    return jax.jacrev(lambda z: head(params, z))(x)


def format_row(cells, widths=None):
    """Fixed-width table row for console output."""
    cells = [str(c) for c in cells]
    widths = widths or [max(8, len(c)) for c in cells]
    return " | ".join(c.ljust(w) for c, w in zip(cells, widths))


def describe_array(name, arr):
    """One-line summary used in the run log."""
    a = np.asarray(arr)
    if a.size == 0:
        return f"{name}: empty {a.dtype}"
    return f"{name}: shape={a.shape} dtype={a.dtype} min={a.min():.3g} max={a.max():.3g}"



if __name__ == "__main__":
    params = {"w": jnp.array([0.5, 1.0, 2.0]), "b": jnp.zeros(3)}
    x = jnp.array([0.1, -0.2, 0.3])
    jac = sensitivity(params, x)
    print(jac.shape, jac.dtype)
