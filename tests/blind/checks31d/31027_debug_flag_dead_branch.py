"""Host-side projection onto the simplex; a device cross-check exists but is switched off."""
import jax
import jax.numpy as jnp
import numpy as np

CROSS_CHECK_ON_DEVICE = False


def _project_simplex(v):
    u = np.sort(v)[::-1]
    css = np.cumsum(u)
    rho = np.nonzero(u * np.arange(1, v.size + 1) > (css - 1))[0][-1]
    theta = (css[rho] - 1) / (rho + 1.0)
    return np.maximum(v - theta, 0.0)


def host_project(v):
    v = np.asarray(v)
    out = _project_simplex(v)
    if CROSS_CHECK_ON_DEVICE:
        assert float(jnp.abs(jnp.sum(out) - 1.0)) < 1e-5
    return out.astype(v.dtype)


def project(v):
    return jax.pure_callback(host_project, jax.ShapeDtypeStruct(v.shape, v.dtype), v)


@jax.jit
def mirror_step(w, g):
    return project(w - 0.5 * g)


if __name__ == "__main__":
    w = jnp.full(4, 0.25)
    print(mirror_step(w, jnp.array([1.0, -1.0, 0.5, 0.0])))
