"""sdf_mesh -- signed distance fields, sphere tracing and small mesh utilities.

The SDF primitives and the sphere tracer are traced JAX; mesh utilities that
need dynamic shapes (face normals of an arbitrary triangle soup, contour
extraction) run on the host via ``jax.pure_callback``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Callable, Tuple

import numpy as np
import jax
import jax.numpy as jnp

Array = jax.Array
SDF = Callable[[Array], Array]


# ---------------------------------------------------------------------------
# vector helpers
# ---------------------------------------------------------------------------

@jax.jit
def _unit_rows(v):
    n = jnp.linalg.norm(v, axis=-1, keepdims=True)
    return v / jnp.maximum(n, 1e-12)


def _unit_rows_np(v):
    v = np.asarray(v, dtype=np.float64)
    n = np.linalg.norm(v, axis=-1, keepdims=True)
    return v / np.maximum(n, 1e-12)


def dot(a: Array, b: Array) -> Array:
    return jnp.sum(a * b, axis=-1)


def check_points(p: Array) -> None:
    if p.shape[-1] != 3:
        raise ValueError(f"points must have a trailing dimension of 3, got {p.shape}")


# ---------------------------------------------------------------------------
# primitives
# ---------------------------------------------------------------------------

def sphere(radius: float, centre=(0.0, 0.0, 0.0)) -> SDF:
    c = jnp.asarray(centre)
    return lambda p: jnp.linalg.norm(p - c, axis=-1) - radius


def box(half: Tuple[float, float, float]) -> SDF:
    h = jnp.asarray(half)

    def f(p):
        q = jnp.abs(p) - h
        return jnp.linalg.norm(jnp.maximum(q, 0.0), axis=-1) + jnp.minimum(jnp.max(q, axis=-1), 0.0)
    return f


def torus(major: float, minor: float) -> SDF:
    def f(p):
        q = jnp.stack([jnp.linalg.norm(p[..., :2], axis=-1) - major, p[..., 2]], axis=-1)
        return jnp.linalg.norm(q, axis=-1) - minor
    return f


def smooth_union(a: SDF, b: SDF, k: float = 0.2) -> SDF:
    def f(p):
        da, db = a(p), b(p)
        h = jnp.clip(0.5 + 0.5 * (db - da) / k, 0.0, 1.0)
        return db * (1 - h) + da * h - k * h * (1 - h)
    return f


def translate(sdf: SDF, offset) -> SDF:
    o = jnp.asarray(offset)
    return lambda p: sdf(p - o)


def sdf_normal(sdf: SDF, p: Array) -> Array:
    g = jax.vmap(jax.grad(lambda q: sdf(q)))(p.reshape(-1, 3)).reshape(p.shape)
    return _unit_rows(g)


# ---------------------------------------------------------------------------
# sphere tracing
# ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Camera:
    origin: Tuple[float, float, float] = (0.0, 0.0, -3.0)
    fov: float = 0.8
    width: int = 8
    height: int = 6

    def rays(self) -> Tuple[Array, Array]:
        xs = jnp.linspace(-self.fov, self.fov, self.width)
        ys = jnp.linspace(-self.fov, self.fov, self.height) * self.height / self.width
        gx, gy = jnp.meshgrid(xs, ys)
        d = jnp.stack([gx, gy, jnp.ones_like(gx)], axis=-1)
        o = jnp.broadcast_to(jnp.asarray(self.origin), d.shape)
        return o, _unit_rows(d)


def sphere_trace(sdf: SDF, origins: Array, dirs: Array, steps: int = 48, eps: float = 1e-3):
    def body(carry, _):
        t, hit = carry
        d = sdf(origins + t[..., None] * dirs)
        hit = hit | (d < eps)
        t = jnp.where(hit, t, t + d)
        return (t, hit), None
    t0 = jnp.zeros(origins.shape[:-1])
    (t, hit), _ = jax.lax.scan(body, (t0, jnp.zeros_like(t0, dtype=bool)), None, length=steps)
    return t, hit


def shade(sdf: SDF, cam: Camera, light=(0.5, 0.8, -0.6)) -> Array:
    o, d = cam.rays()
    t, hit = sphere_trace(sdf, o, d)
    p = o + t[..., None] * d
    n = sdf_normal(sdf, p)
    lam = jnp.clip(dot(n, _unit_rows(jnp.asarray(light))), 0.0, 1.0)
    return jnp.where(hit, 0.1 + 0.9 * lam, 0.0)


def to_ascii(img: Array) -> str:
    ramp = " .:-=+*#%@"
    a = np.asarray(img)
    return "\n".join("".join(ramp[min(int(v * 9.99), 9)] for v in row) for row in a)


# ---------------------------------------------------------------------------
# mesh utilities (host)
# ---------------------------------------------------------------------------

def _host_face_normals(verts, faces):
    verts = np.asarray(verts, dtype=np.float64)
    faces = np.asarray(faces)
    a, b, c = verts[faces[:, 0]], verts[faces[:, 1]], verts[faces[:, 2]]
    n = np.cross(b - a, c - a)
    return np.asarray(_unit_rows(n), dtype=np.float32)


def face_normals(verts: Array, faces: Array) -> Array:
    spec = jax.ShapeDtypeStruct((faces.shape[0], 3), jnp.float32)
    return jax.pure_callback(_host_face_normals, spec, verts, faces, vmap_method="sequential")


def _host_face_areas(verts, faces):
    verts = np.asarray(verts, dtype=np.float64)
    faces = np.asarray(faces)
    a, b, c = verts[faces[:, 0]], verts[faces[:, 1]], verts[faces[:, 2]]
    return (0.5 * np.linalg.norm(np.cross(b - a, c - a), axis=-1)).astype(np.float32)


def face_areas(verts: Array, faces: Array) -> Array:
    spec = jax.ShapeDtypeStruct((faces.shape[0],), jnp.float32)
    return jax.pure_callback(_host_face_areas, spec, verts, faces, vmap_method="sequential")


def vertex_normals(verts: Array, faces: Array) -> Array:
    fn = face_normals(verts, faces) * face_areas(verts, faces)[:, None]
    acc = jnp.zeros_like(verts)
    for k in range(3):
        acc = acc.at[faces[:, k]].add(fn)
    return _unit_rows(acc)


def octahedron() -> Tuple[Array, Array]:
    v = jnp.array([[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]], jnp.float32)
    f = jnp.array([[0, 2, 4], [2, 1, 4], [1, 3, 4], [3, 0, 4],
                   [2, 0, 5], [1, 2, 5], [3, 1, 5], [0, 3, 5]], jnp.int32)
    return v, f


def surface_area(verts: Array, faces: Array) -> Array:
    return jnp.sum(face_areas(verts, faces))


@dataclass(frozen=True)
class AABB:
    lo: Tuple[float, float, float]
    hi: Tuple[float, float, float]

    @classmethod
    def of(cls, verts: Array) -> "AABB":
        v = np.asarray(verts)
        return cls(tuple(v.min(0).tolist()), tuple(v.max(0).tolist()))

    def extent(self) -> Tuple[float, ...]:
        return tuple(h - l for l, h in zip(self.lo, self.hi))

    def __repr__(self):
        return f"AABB(lo={self.lo}, hi={self.hi})"


if __name__ == "__main__":
    scene = smooth_union(sphere(0.8), translate(box((0.4, 0.4, 0.4)), (0.7, 0.3, 0.0)))
    img = jax.jit(lambda: shade(scene, Camera()))()
    print(to_ascii(img))
    v, f = octahedron()
    print(AABB.of(v), AABB.of(v).extent())
    vn = jax.jit(vertex_normals)(v * 2.0, f)
    print("vertex normals", np.asarray(vn).round(3)[:2].tolist())
    print("area", float(jax.jit(surface_area)(v, f)), "expected", 4 * np.sqrt(3))
