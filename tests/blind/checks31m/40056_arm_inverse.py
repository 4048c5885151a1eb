"""Rigid-body kinematics: a fused-rotation mode changes how the rotation primitive is built."""
import contextlib
import numpy as np
import jax
import jax.numpy as jnp

_fused = [False]


@contextlib.contextmanager
def fused_rotations():
    _fused.append(True)
    try:
        yield
    finally:
        _fused.pop()


def _rodrigues(w):
    theta = jnp.sqrt(jnp.sum(w ** 2) + 1e-12)
    k = w / theta
    K = jnp.array([[0.0, -k[2], k[1]], [k[2], 0.0, -k[0]], [-k[1], k[0], 0.0]])
    return jnp.eye(3) + jnp.sin(theta) * K + (1 - jnp.cos(theta)) * K @ K


def _rotate_jvp(primals, tangents):
    w, v = primals
    dw, dv = tangents
    R = _rodrigues(w)
    _, dR = jax.jvp(_rodrigues, (w,), (dw,))
    return R @ v, R @ dv + dR @ v


def _rotate_jvp_fused(primals, tangents, cache):
    w, v = primals
    dw, dv = tangents
    R = cache.get("R", _rodrigues(w))
    _, dR = jax.jvp(_rodrigues, (w,), (dw,))
    return R @ v, R @ dv + dR @ v


def make_rotate():
    @jax.custom_jvp
    def rotate(w, v):
        return _rodrigues(w) @ v

    rotate.defjvp(_rotate_jvp_fused if _fused[-1] else _rotate_jvp)
    return rotate


def forward_kinematics(rotate, angles, link=jnp.array([1.0, 0.0, 0.0])):
    p = jnp.zeros(3)
    for a in angles:
        p = p + rotate(a, link)
    return p


if __name__ == "__main__":
    angles = jnp.array([[0.0, 0.0, 0.3], [0.0, 0.2, 0.1], [0.1, 0.0, 0.4]])
    rotate = make_rotate()
    with fused_rotations():
        tip = forward_kinematics(rotate, angles)
    print("tip position:", np.round(np.asarray(tip), 4))
    target = jnp.array([2.0, 1.2, 0.3])
    err = lambda a: jnp.sum((forward_kinematics(rotate, a) - target) ** 2)
    for _ in range(20):
        angles = angles - 0.05 * jax.grad(err)(angles)
    print("IK error:", float(err(angles)))
