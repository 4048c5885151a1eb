"""arm.py -- planar serial manipulators: forward kinematics, Jacobians, IK and sampling.

A telemetry hook streams poses to the host in execution order (the visualiser replays them).
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

Array = jnp.ndarray

# ---------------------------------------------------------------------------
# geometry helpers
# ---------------------------------------------------------------------------

def wrap_angle(a: Array) -> Array:
    return (a + jnp.pi) % (2 * jnp.pi) - jnp.pi


def rot2(theta: Array) -> Array:
    c, s = jnp.cos(theta), jnp.sin(theta)
    return jnp.array([[c, -s], [s, c]])


def se2(theta: Array, tx: Array, ty: Array) -> Array:
    c, s = jnp.cos(theta), jnp.sin(theta)
    return jnp.array([[c, -s, tx], [s, c, ty], [0.0, 0.0, 1.0]])


def deg(x: float) -> float:
    return x * 180.0 / math.pi


def check_joint_vector(q: Array, n: int) -> None:
    if jnp.shape(q)[-1] != n:
        raise ValueError(f"expected {n} joint angles, got shape {jnp.shape(q)}")


@dataclass(frozen=True)
class JointLimits:
    lower: Tuple[float, ...]
    upper: Tuple[float, ...]

    def clip(self, q: Array) -> Array:
        return jnp.clip(q, jnp.asarray(self.lower), jnp.asarray(self.upper))

    def sample(self, key, n: int) -> Array:
        lo, hi = jnp.asarray(self.lower), jnp.asarray(self.upper)
        return jax.random.uniform(key, (n, lo.shape[0]), minval=lo, maxval=hi)

    def __repr__(self) -> str:
        pairs = ", ".join(f"[{deg(l):.0f},{deg(u):.0f}]" for l, u in zip(self.lower, self.upper))
        return f"JointLimits(deg: {pairs})"


# ---------------------------------------------------------------------------
# telemetry
# ---------------------------------------------------------------------------

class PoseStream:
    def __init__(self):
        self.frames: List[Tuple[float, np.ndarray]] = []
        self._t0 = time.monotonic()

    def push(self, pose):
        self.frames.append((time.monotonic() - self._t0, np.asarray(pose).copy()))
        return np.int32(len(self.frames))

    def reset(self) -> None:
        self.frames.clear()
        self._t0 = time.monotonic()


STREAM = PoseStream()


def publish(pose: Array) -> Array:
    return io_callback(STREAM.push, jax.ShapeDtypeStruct((), jnp.int32), pose, ordered=True)


# ---------------------------------------------------------------------------
# kinematics
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PlanarArm:
    links: Tuple[float, ...]
    limits: Optional[JointLimits] = None

    @property
    def dof(self) -> int:
        return len(self.links)

    def joint_positions(self, q: Array) -> Array:
        angles = jnp.cumsum(q)
        L = jnp.asarray(self.links)
        xs = jnp.cumsum(L * jnp.cos(angles))
        ys = jnp.cumsum(L * jnp.sin(angles))
        return jnp.stack([xs, ys], axis=-1)

    def fk(self, q: Array, telemetry: bool = True) -> Array:
        """End-effector pose (x, y, phi)."""
        pts = self.joint_positions(q)
        pose = jnp.concatenate([pts[-1], wrap_angle(jnp.sum(q))[None]])
        if telemetry:
            publish(pose)
        return pose

    def jacobian(self, q: Array) -> Array:
        return jax.jacfwd(lambda qq: self.fk(qq, telemetry=False))(q)

    def manipulability(self, q: Array) -> Array:
        J = self.jacobian(q)[:2]
        return jnp.sqrt(jnp.linalg.det(J @ J.T))

    def ik_step(self, q: Array, target: Array, damping: float = 1e-2) -> Array:
        J = self.jacobian(q)[:2]
        err = target - self.fk(q, telemetry=False)[:2]
        dq = J.T @ jnp.linalg.solve(J @ J.T + damping * jnp.eye(2), err)
        q = q + dq
        return self.limits.clip(q) if self.limits is not None else q

    def solve_ik(self, q0: Array, target: Array, iters: int = 10) -> Array:
        def body(q, _):
            q = self.ik_step(q, target)
            publish(self.fk(q, telemetry=False))
            return q, None
        q, _ = jax.lax.scan(body, q0, None, length=iters)
        return q

    def reach(self) -> float:
        return float(sum(self.links))


def workspace_samples(arm: PlanarArm, key, n: int = 16) -> Array:
    lims = arm.limits or JointLimits((-math.pi,) * arm.dof, (math.pi,) * arm.dof)
    qs = lims.sample(key, n)
    return jax.vmap(arm.fk)(qs)


def workspace_bbox(points: Array) -> Tuple[np.ndarray, np.ndarray]:
    p = np.asarray(points)[:, :2]
    return p.min(axis=0), p.max(axis=0)


def interpolate_joints(q0: Array, q1: Array, steps: int) -> Array:
    s = jnp.linspace(0.0, 1.0, steps)[:, None]
    return (1 - s) * q0 + s * q1


def path_length(poses: Array) -> Array:
    return jnp.sum(jnp.linalg.norm(jnp.diff(poses[:, :2], axis=0), axis=-1))


def minimum_jerk(q0: Array, q1: Array, steps: int) -> Array:
    """Minimum-jerk joint trajectory from q0 to q1 (rest to rest)."""
    s = jnp.linspace(0.0, 1.0, steps)[:, None]
    blend = 10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5
    return q0 + (q1 - q0) * blend


def segment_point_distance(a: Array, b: Array, p: Array) -> Array:
    ab = b - a
    t = jnp.clip(jnp.dot(p - a, ab) / (jnp.dot(ab, ab) + 1e-12), 0.0, 1.0)
    return jnp.linalg.norm(a + t * ab - p)


def collides_with_disc(arm: "PlanarArm", q: Array, centre: Array, radius: float) -> Array:
    pts = jnp.concatenate([jnp.zeros((1, 2)), arm.joint_positions(q)], axis=0)
    d = jax.vmap(segment_point_distance, in_axes=(0, 0, None))(pts[:-1], pts[1:], centre)
    return jnp.any(d < radius)


def summarize(arm: PlanarArm, q: Array) -> str:
    pose = np.asarray(arm.fk(q, telemetry=False))
    return f"q(deg)={np.round(np.degrees(np.asarray(q)), 1)} -> x={pose[0]:.3f} y={pose[1]:.3f}"


def main(argv: Sequence[str] = ()) -> None:
    arm = PlanarArm((1.0, 0.8, 0.5), JointLimits((-2.5, -2.5, -2.5), (2.5, 2.5, 2.5)))
    print(arm.limits, "reach", arm.reach())
    q0 = jnp.array([0.3, 0.4, -0.2])
    print(summarize(arm, q0))
    traj = minimum_jerk(q0, jnp.zeros(3), 5)
    hits = [bool(collides_with_disc(arm, qq, jnp.array([1.0, 0.5]), 0.2)) for qq in traj]
    print("collisions along min-jerk path:", hits)
    print("manipulability:", float(jax.jit(arm.manipulability)(q0)))
    q = arm.solve_ik(q0, jnp.array([1.2, 1.0]))
    print("ik:", summarize(arm, q), "frames:", len(STREAM.frames))
    pts = workspace_samples(arm, jax.random.PRNGKey(3))
    lo, hi = workspace_bbox(pts)
    print("workspace bbox:", lo.round(2), hi.round(2))


if __name__ == "__main__":
    main()
