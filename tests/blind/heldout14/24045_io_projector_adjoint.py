"""Least-squares tomography with CGLS.  The forward projector runs in a
stateful host library (it keeps a geometry cache), so it is wrapped with
io_callback; the back-projector is obtained with jax.linear_transpose."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

N_PIX, N_RAYS = 6, 9
_rng = np.random.default_rng(0)
_GEOMETRY_CACHE = {}


def _system_matrix():
    if "A" not in _GEOMETRY_CACHE:
        _GEOMETRY_CACHE["A"] = (_rng.random((N_RAYS, N_PIX)) < 0.4).astype(np.float32)
    return _GEOMETRY_CACHE["A"]


def _project(img):
    return (_system_matrix() @ np.asarray(img)).astype(np.float32)


def forward_project(img):
    return io_callback(_project, jax.ShapeDtypeStruct((N_RAYS,), jnp.float32), img)


def cgls(sino, n_iter=5):
    back = jax.linear_transpose(forward_project, jnp.zeros(N_PIX, jnp.float32))
    x = jnp.zeros(N_PIX)
    r = sino
    (s,) = back(r)
    p, gamma = s, jnp.dot(s, s)
    for _ in range(n_iter):
        q = forward_project(p)
        alpha = gamma / jnp.dot(q, q)
        x, r = x + alpha * p, r - alpha * q
        (s,) = back(r)
        gamma_new = jnp.dot(s, s)
        p, gamma = s + (gamma_new / gamma) * p, gamma_new
    return x


if __name__ == "__main__":
    truth = jnp.linspace(0.0, 1.0, N_PIX)
    sino = forward_project(truth)
    print("sinogram", sino)
    print(cgls(sino))
