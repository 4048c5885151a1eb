"""Radon-like projection operator implemented on the host (numpy), wrapped with custom_vjp
so it can be used in gradient-based tomography; we check adjointness with linear_transpose."""
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(1)
P = rng.normal(size=(6, 9)).astype(np.float32)


def _project(img):
    return (P @ np.asarray(img)).astype(np.float32)


def _backproject(sino):
    return (P.T @ np.asarray(sino)).astype(np.float32)


@jax.custom_vjp
def project(img):
    return jax.pure_callback(_project, jax.ShapeDtypeStruct((6,), jnp.float32), img)


def project_fwd(img):
    return project(img), None


def project_bwd(_, ct):
    return (jax.pure_callback(_backproject, jax.ShapeDtypeStruct((9,), jnp.float32), ct),)


project.defvjp(project_fwd, project_bwd)

img = jnp.asarray(rng.normal(size=9), jnp.float32)
data = jnp.asarray(rng.normal(size=6), jnp.float32)

loss = lambda x: 0.5 * jnp.sum((project(x) - data) ** 2)
print("grad norm", jnp.linalg.norm(jax.grad(loss)(img)))

adjoint = jax.linear_transpose(project, img)
print("adjoint error", jnp.dot(project(img), data) - jnp.dot(img, adjoint(data)[0]))
