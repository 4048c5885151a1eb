"""meshgeo.py -- triangle-mesh geometry: areas, normals, Laplacians and shape energies.

The per-face geometry kernel carries a hand-written JVP so that degenerate (zero-area)
faces produce finite derivatives instead of NaNs during mesh optimisation.
"""
from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Dict, Iterable, List, NamedTuple, Sequence, Set, Tuple

import numpy as np
import jax
import jax.numpy as jnp

# ---------------------------------------------------------------------------
# containers
# ---------------------------------------------------------------------------

class Mesh(NamedTuple):
    verts: jnp.ndarray   # (V, 3) float
    faces: jnp.ndarray   # (F, 3) int


class TriGeom(NamedTuple):
    normal: jnp.ndarray
    area: jnp.ndarray


def validate(mesh: Mesh) -> None:
    v, f = np.asarray(mesh.verts), np.asarray(mesh.faces)
    if v.ndim != 2 or v.shape[1] != 3:
        raise ValueError(f"verts must be (V, 3), got {v.shape}")
    if f.ndim != 2 or f.shape[1] != 3:
        raise ValueError(f"faces must be (F, 3), got {f.shape}")
    if f.min() < 0 or f.max() >= v.shape[0]:
        raise ValueError("face index out of range")


def edges(faces: np.ndarray) -> Set[Tuple[int, int]]:
    out = set()
    for a, b, c in np.asarray(faces):
        for i, j in ((a, b), (b, c), (c, a)):
            out.add((min(i, j), max(i, j)))
    return out


def euler_characteristic(mesh: Mesh) -> int:
    return mesh.verts.shape[0] - len(edges(mesh.faces)) + mesh.faces.shape[0]


def vertex_neighbours(faces: np.ndarray) -> Dict[int, List[int]]:
    nb: Dict[int, Set[int]] = defaultdict(set)
    for i, j in edges(faces):
        nb[i].add(j)
        nb[j].add(i)
    return {k: sorted(v) for k, v in nb.items()}


def boundary_edges(faces: np.ndarray) -> List[Tuple[int, int]]:
    count: Dict[Tuple[int, int], int] = defaultdict(int)
    for a, b, c in np.asarray(faces):
        for i, j in ((a, b), (b, c), (c, a)):
            count[(min(i, j), max(i, j))] += 1
    return sorted(e for e, n in count.items() if n == 1)


# ---------------------------------------------------------------------------
# per-face kernel
# ---------------------------------------------------------------------------

@jax.custom_jvp
def tri_geom(a, b, c) -> TriGeom:
    cr = jnp.cross(b - a, c - a)
    twice = jnp.sqrt(jnp.sum(cr ** 2) + 1e-20)
    return TriGeom(cr / twice, 0.5 * twice)


@tri_geom.defjvp
def _tri_geom_jvp(primals, tangents):
    a, b, c = primals
    da, db, dc = tangents
    cr = jnp.cross(b - a, c - a)
    dcr = jnp.cross(db - da, c - a) + jnp.cross(b - a, dc - da)
    twice = jnp.sqrt(jnp.sum(cr ** 2) + 1e-20)
    n = cr / twice
    dtwice = jnp.sum(n * dcr)
    dn = (dcr - n * dtwice) / twice
    return TriGeom(n, 0.5 * twice), (dn, 0.5 * dtwice)


def face_geometry(mesh: Mesh) -> TriGeom:
    tri = mesh.verts[mesh.faces]
    return jax.vmap(tri_geom)(tri[:, 0], tri[:, 1], tri[:, 2])


def vertex_normals(mesh: Mesh) -> jnp.ndarray:
    g = face_geometry(mesh)
    weighted = g.normal * g.area[:, None]
    acc = jnp.zeros_like(mesh.verts)
    for k in range(3):
        acc = acc.at[mesh.faces[:, k]].add(weighted)
    return acc / jnp.linalg.norm(acc, axis=-1, keepdims=True)


def uniform_laplacian(mesh: Mesh) -> jnp.ndarray:
    V = mesh.verts.shape[0]
    L = np.zeros((V, V), np.float32)
    for i, nbrs in vertex_neighbours(np.asarray(mesh.faces)).items():
        L[i, i] = -1.0
        for j in nbrs:
            L[i, j] = 1.0 / len(nbrs)
    return jnp.asarray(L)


# ---------------------------------------------------------------------------
# energies
# ---------------------------------------------------------------------------

def total_area(verts, faces) -> jnp.ndarray:
    return jnp.sum(face_geometry(Mesh(verts, faces)).area)


def smoothness(verts, L) -> jnp.ndarray:
    return jnp.sum((L @ verts) ** 2)


def shape_energy(verts, faces, L, rest_area, w_area=1.0, w_smooth=0.1):
    area_term = (total_area(verts, faces) - rest_area) ** 2
    return w_area * area_term + w_smooth * smoothness(verts, L)


def optimise(mesh: Mesh, rest_area: float, steps: int = 3, lr: float = 0.05) -> Mesh:
    L = uniform_laplacian(mesh)
    g_fn = jax.jit(jax.grad(shape_energy))
    v = mesh.verts
    for _ in range(steps):
        v = v - lr * g_fn(v, mesh.faces, L, rest_area)
    return Mesh(v, mesh.faces)


# ---------------------------------------------------------------------------
# builders
# ---------------------------------------------------------------------------

def tetrahedron(scale: float = 1.0) -> Mesh:
    v = np.array([[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]], np.float32) * scale
    f = np.array([[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]], np.int32)
    return Mesh(jnp.asarray(v), jnp.asarray(f))


def grid_patch(n: int = 3) -> Mesh:
    xs, ys = np.meshgrid(np.linspace(0, 1, n), np.linspace(0, 1, n))
    v = np.stack([xs.ravel(), ys.ravel(), np.zeros(n * n)], axis=1).astype(np.float32)
    f = []
    for i, j in itertools.product(range(n - 1), range(n - 1)):
        k = i * n + j
        f += [[k, k + 1, k + n], [k + 1, k + n + 1, k + n]]
    return Mesh(jnp.asarray(v), jnp.asarray(np.array(f, np.int32)))


def subdivide_midpoint(mesh: Mesh) -> Mesh:
    """Split each triangle into four (NumPy; shared edge midpoints are deduplicated)."""
    v = [tuple(p) for p in np.asarray(mesh.verts).tolist()]
    index = {p: i for i, p in enumerate(v)}
    faces = []

    def mid(i, j):
        p = tuple((np.asarray(v[i]) + np.asarray(v[j])) / 2.0)
        if p not in index:
            index[p] = len(v)
            v.append(p)
        return index[p]

    for a, b, c in np.asarray(mesh.faces).tolist():
        ab, bc, ca = mid(a, b), mid(b, c), mid(c, a)
        faces += [[a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]]
    return Mesh(jnp.asarray(np.array(v, np.float32)), jnp.asarray(np.array(faces, np.int32)))


def bounding_box(mesh: Mesh) -> Tuple[np.ndarray, np.ndarray]:
    v = np.asarray(mesh.verts)
    return v.min(axis=0), v.max(axis=0)


def to_obj(mesh: Mesh) -> str:
    lines = [f"v {x:.6f} {y:.6f} {z:.6f}" for x, y, z in np.asarray(mesh.verts)]
    lines += [f"f {a + 1} {b + 1} {c + 1}" for a, b, c in np.asarray(mesh.faces)]
    return "\n".join(lines)


def describe(mesh: Mesh) -> str:
    return (f"Mesh(V={mesh.verts.shape[0]}, F={mesh.faces.shape[0]}, "
            f"chi={euler_characteristic(mesh)}, boundary={len(boundary_edges(mesh.faces))})")


def main() -> None:
    tet = tetrahedron()
    validate(tet)
    print(describe(tet), "area:", float(total_area(tet.verts, tet.faces)))
    print("vertex normals:\n", np.asarray(vertex_normals(tet)).round(3))
    patch = grid_patch()
    print(describe(patch))
    out = optimise(tet, rest_area=8.0)
    print("optimised area:", float(total_area(out.verts, out.faces)))


if __name__ == "__main__":
    main()
