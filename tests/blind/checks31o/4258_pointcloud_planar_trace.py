"""Point-cloud registration with a host-side trace of every processed point."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

_TRACE = []


def _record(values):
    _TRACE.append(np.asarray(values).copy())


def rotation_z(theta):
    c, s = jnp.cos(theta), jnp.sin(theta)
    return jnp.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _transform_point(p, theta=0.3):
    io_callback(_record, None, p, ordered=True)
    return rotation_z(theta) @ p


def _transform_planar(pts, theta=0.3):
    c, s = jnp.cos(theta), jnp.sin(theta)
    rot = jnp.array([[c, -s], [s, c]])
    flat = pts.reshape(-1)
    io_callback(_record, None, flat, ordered=True)
    return pts @ rot.T


def register(points):
    # xyz clouds are transformed point by point so every point is traced;
    # planar clouds go through in one shot.
    if points.shape[-1] == 3:
        return jax.vmap(_transform_point)(points)
    return _transform_planar(points)


def chamfer(a, b):
    d = jnp.sum((a[:, None, :] - b[None, :, :]) ** 2, axis=-1)
    return jnp.mean(jnp.min(d, axis=1)) + jnp.mean(jnp.min(d, axis=0))


def make_cloud(n, dim, seed=1):
    rng = np.random.default_rng(seed)
    return jnp.asarray(rng.uniform(-1, 1, size=(n, dim)), dtype=jnp.float32)


if __name__ == "__main__":
    cloud = make_cloud(5, 2)
    moved = jax.jit(register)(cloud)
    print("chamfer", float(chamfer(moved, cloud)))
    print("traced", len(_TRACE))
