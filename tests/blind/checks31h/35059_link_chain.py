"""link_chain -- kinematics, inverse kinematics and clearance checks for an
N-link planar manipulator.

Forward kinematics and Jacobians are traced JAX.  Inverse kinematics uses
SciPy's least-squares solver and the obstacle queries use a KD-tree, both on
the host through ``jax.pure_callback``.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

import numpy as np
from scipy import optimize
from scipy.spatial import cKDTree
import jax
import jax.numpy as jnp

Array = jax.Array


# ---------------------------------------------------------------------------
# model
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Link:
    length: float
    lo: float = -np.pi
    hi: float = np.pi

    def __post_init__(self):
        if self.length <= 0:
            raise ValueError("link length must be positive")
        if self.lo >= self.hi:
            raise ValueError("empty joint range")


@dataclass
class Arm:
    links: List[Link] = field(default_factory=list)
    base: Tuple[float, float] = (0.0, 0.0)

    @property
    def dof(self) -> int:
        return len(self.links)

    @property
    def lengths(self) -> Array:
        return jnp.array([l.length for l in self.links], jnp.float32)

    @property
    def limits(self) -> Tuple[np.ndarray, np.ndarray]:
        return (np.array([l.lo for l in self.links]), np.array([l.hi for l in self.links]))

    def reach(self) -> float:
        return float(sum(l.length for l in self.links))

    def __repr__(self):
        return f"Arm(dof={self.dof}, reach={self.reach():.2f})"


def three_link() -> Arm:
    return Arm([Link(1.0), Link(0.8, -2.5, 2.5), Link(0.5, -2.0, 2.0)])


# ---------------------------------------------------------------------------
# kinematics (traced)
# ---------------------------------------------------------------------------

def joint_positions(lengths: Array, q: Array, base=(0.0, 0.0)) -> Array:
    angles = jnp.cumsum(q)
    steps = jnp.stack([lengths * jnp.cos(angles), lengths * jnp.sin(angles)], axis=-1)
    pts = jnp.cumsum(steps, axis=0) + jnp.asarray(base)
    return jnp.concatenate([jnp.asarray(base)[None], pts], axis=0)


def end_effector(lengths: Array, q: Array) -> Array:
    return joint_positions(lengths, q)[-1]


jacobian = jax.jacfwd(end_effector, argnums=1)


def manipulability(lengths: Array, q: Array) -> Array:
    J = jacobian(lengths, q)
    return jnp.sqrt(jnp.linalg.det(J @ J.T))


def link_samples(lengths: Array, q: Array, per_link: int = 5) -> Array:
    pts = joint_positions(lengths, q)
    t = jnp.linspace(0.0, 1.0, per_link)[:, None, None]
    seg = pts[:-1][None] * (1 - t) + pts[1:][None] * t
    return seg.reshape(-1, 2)


# ---------------------------------------------------------------------------
# host: inverse kinematics
# ---------------------------------------------------------------------------

def _host_ik(lengths, target, q0):
    lengths = np.asarray(lengths, dtype=np.float64)
    target = np.asarray(target, dtype=np.float64)

    def resid(q):
        ang = np.cumsum(q)
        return np.array([np.sum(lengths * np.cos(ang)), np.sum(lengths * np.sin(ang))]) - target

    sol = optimize.least_squares(resid, np.asarray(q0, dtype=np.float64), xtol=1e-10)
    return sol.x.astype(np.float32)


def inverse_kinematics(lengths: Array, target: Array, q0: Array) -> Array:
    return jax.pure_callback(_host_ik, jax.ShapeDtypeStruct(q0.shape, jnp.float32),
                             lengths, target, q0, vmap_method="sequential")


def _host_clip_limits(q, lo, hi):
    return np.clip(np.asarray(q), np.asarray(lo), np.asarray(hi)).astype(np.float32)


def clip_to_limits(arm: Arm, q: Array) -> Array:
    lo, hi = arm.limits
    return jax.pure_callback(_host_clip_limits, jax.ShapeDtypeStruct(q.shape, jnp.float32),
                             q, lo.astype(np.float32), hi.astype(np.float32),
                             vmap_method="expand_dims")


# ---------------------------------------------------------------------------
# host: obstacle clearance
# ---------------------------------------------------------------------------

class ObstacleField:
    def __init__(self, points: np.ndarray, radius: float = 0.05):
        self.points = np.asarray(points, dtype=np.float64)
        self.radius = radius
        self._tree = cKDTree(self.points)

    def clearance(self, samples):
        pts = np.asarray(samples, dtype=np.float64).reshape(-1, 2)
        d, _ = self._tree.query(pts)
        return np.float32(d.min() - self.radius)

    def clearance_each(self, samples):
        s = np.asarray(samples, dtype=np.float64)
        d, _ = self._tree.query(s.reshape(-1, 2))
        return (d.reshape(s.shape[:-1]) - self.radius).astype(np.float32)

    def __len__(self):
        return len(self.points)


def min_clearance(obstacles: ObstacleField, samples: Array) -> Array:
    return jax.pure_callback(obstacles.clearance, jax.ShapeDtypeStruct((), jnp.float32),
                             samples, vectorized=True)


def sample_clearance(obstacles: ObstacleField, samples: Array) -> Array:
    return jax.pure_callback(obstacles.clearance_each,
                             jax.ShapeDtypeStruct(samples.shape[:-1], jnp.float32),
                             samples, vmap_method="expand_dims")


def trajectory_clearance(arm: Arm, obstacles: ObstacleField, qs: Array) -> Array:
    samples = jax.vmap(lambda q: link_samples(arm.lengths, q))(qs)
    return jnp.min(sample_clearance(obstacles, samples), axis=-1)


def path_is_safe(arm: Arm, obstacles: ObstacleField, qs: Array) -> Array:
    pts = jax.vmap(lambda q: link_samples(arm.lengths, q))(qs)
    return min_clearance(obstacles, pts) > 0.0


# ---------------------------------------------------------------------------
# planning
# ---------------------------------------------------------------------------

def interpolate(q_start: Array, q_goal: Array, n: int = 8) -> Array:
    t = jnp.linspace(0.0, 1.0, n)[:, None]
    return q_start * (1 - t) + q_goal * t


def plan(arm: Arm, obstacles: ObstacleField, target: Array, q0: Array):
    q_goal = clip_to_limits(arm, inverse_kinematics(arm.lengths, target, q0))
    qs = interpolate(q0, q_goal)
    clear = trajectory_clearance(arm, obstacles, qs)
    return q_goal, qs, clear


def random_obstacles(n: int = 20, seed: int = 0) -> ObstacleField:
    rng = np.random.default_rng(seed)
    ang = rng.uniform(0, 2 * np.pi, n)
    r = rng.uniform(2.0, 2.6, n)
    return ObstacleField(np.stack([r * np.cos(ang), r * np.sin(ang)], -1))


if __name__ == "__main__":
    arm = three_link()
    obstacles = random_obstacles()
    print(arm, len(obstacles), "obstacles")
    q0 = jnp.array([0.3, 0.2, -0.1], jnp.float32)
    target = jnp.array([1.2, 1.0], jnp.float32)
    q_goal, qs, clear = jax.jit(lambda t, q: plan(arm, obstacles, t, q))(target, q0)
    print("goal", q_goal, "ee", end_effector(arm.lengths, q_goal))
    print("clearance along path", np.asarray(clear).round(3))
    print("manipulability", float(manipulability(arm.lengths, q_goal)))
    if os.environ.get("PLANAR_ARM_STRICT_SAFETY") == "1":
        print("safe:", bool(jax.jit(lambda q: path_is_safe(arm, obstacles, q))(qs)))
