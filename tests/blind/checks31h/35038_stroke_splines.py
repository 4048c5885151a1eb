"""stroke_splines -- smooth vector strokes for a small 2-D renderer.

Control polygons are fitted with SciPy's parametric B-splines on the host
(``splprep``/``splev`` need Python-side knot handling); rasterisation,
arc length and distance fields are traced JAX.
"""
from __future__ import annotations

from typing import ClassVar, Dict, Optional, Tuple

import numpy as np
from scipy import interpolate
import jax
import jax.numpy as jnp

Array = jax.Array
RGB = Tuple[float, float, float]


# ---------------------------------------------------------------------------
# colour and canvas helpers
# ---------------------------------------------------------------------------

def hex_to_rgb(code: str) -> RGB:
    code = code.lstrip("#")
    if len(code) != 6:
        raise ValueError(f"bad colour {code!r}")
    return tuple(int(code[i:i + 2], 16) / 255.0 for i in (0, 2, 4))


def blank_canvas(h: int, w: int, colour: RGB = (1.0, 1.0, 1.0)) -> Array:
    return jnp.broadcast_to(jnp.asarray(colour, jnp.float32), (h, w, 3))


def pixel_centres(h: int, w: int) -> Array:
    ys, xs = jnp.meshgrid(jnp.arange(h) + 0.5, jnp.arange(w) + 0.5, indexing="ij")
    return jnp.stack([xs, ys], axis=-1)


def over(dst: Array, colour: RGB, alpha: Array) -> Array:
    c = jnp.asarray(colour, jnp.float32)
    return dst * (1.0 - alpha[..., None]) + c * alpha[..., None]


# ---------------------------------------------------------------------------
# host fitting
# ---------------------------------------------------------------------------

def _fit_and_sample(points, n_samples, smoothing, periodic):
    pts = np.asarray(points, dtype=np.float64)
    k = min(3, len(pts) - 1)
    tck, _ = interpolate.splprep(pts.T, s=smoothing, k=k, per=int(periodic))
    u = np.linspace(0.0, 1.0, n_samples)
    x, y = interpolate.splev(u, tck)
    return np.stack([x, y], axis=-1).astype(np.float32)


def _host_sample_open(points, *, n_samples, smoothing):
    return _fit_and_sample(points, n_samples, smoothing, periodic=False)


def _host_sample_closed(points, *, n_samples, smoothing):
    pts = np.asarray(points)
    if not np.allclose(pts[0], pts[-1]):
        pts = np.concatenate([pts, pts[:1]], axis=0)
    return _fit_and_sample(pts, n_samples, smoothing, periodic=True)


def _host_curvature(samples):
    s = np.asarray(samples, dtype=np.float64)
    d1 = np.gradient(s, axis=0)
    d2 = np.gradient(d1, axis=0)
    num = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]
    den = np.maximum((d1 ** 2).sum(-1) ** 1.5, 1e-12)
    return (num / den).astype(np.float32)


class Spline:
    """A stroke backed by a host-side B-spline fit."""

    cb_options: ClassVar[Dict[str, object]] = {"vmap_method": "sequential"}
    host = staticmethod(_host_sample_open)

    def __init__(self, points: Array, n_samples: int = 32, smoothing: float = 0.0):
        if points.ndim != 2 or points.shape[-1] != 2:
            raise ValueError("points must be (n, 2)")
        self.points = points
        self.n_samples = n_samples
        self.smoothing = smoothing

    def sample(self) -> Array:
        host = lambda p, **kw: type(self).host(p, n_samples=self.n_samples,
                                               smoothing=self.smoothing, **kw)
        spec = jax.ShapeDtypeStruct((self.n_samples, 2), jnp.float32)
        return jax.pure_callback(host, spec, self.points, **self.cb_options)

    def curvature(self) -> Array:
        s = self.sample()
        return jax.pure_callback(_host_curvature, jax.ShapeDtypeStruct(s.shape[:1], jnp.float32),
                                 s, vmap_method="sequential")

    def __repr__(self):
        return f"{type(self).__name__}(n_ctrl={self.points.shape[0]}, n_samples={self.n_samples})"


class ClosedSpline(Spline):
    """Periodic stroke; kept on the pre-0.4.35 callback options."""
    cb_options: ClassVar[Dict[str, object]] = {"vectorized": False}
    host = staticmethod(_host_sample_closed)


def stroke(points: Array, closed: bool = False, **kw) -> Spline:
    return (ClosedSpline if closed else Spline)(points, **kw)


# ---------------------------------------------------------------------------
# traced geometry
# ---------------------------------------------------------------------------

def arc_length(samples: Array) -> Array:
    return jnp.sum(jnp.linalg.norm(jnp.diff(samples, axis=0), axis=-1))


def segment_distance(p: Array, a: Array, b: Array) -> Array:
    ab = b - a
    t = jnp.clip(jnp.sum((p - a) * ab, -1) / jnp.maximum(jnp.sum(ab * ab, -1), 1e-12), 0.0, 1.0)
    return jnp.linalg.norm(p - (a + t[..., None] * ab), axis=-1)


def polyline_distance(p: Array, samples: Array) -> Array:
    a, b = samples[:-1], samples[1:]
    d = jax.vmap(lambda ai, bi: segment_distance(p, ai, bi))(a, b)
    return jnp.min(d, axis=0)


def rasterise(canvas: Array, samples: Array, colour: RGB, width: float = 1.2) -> Array:
    h, w, _ = canvas.shape
    d = polyline_distance(pixel_centres(h, w), samples)
    alpha = jnp.clip(width - d, 0.0, 1.0)
    return over(canvas, colour, alpha)


def bounding_box(samples: Array) -> Tuple[Array, Array]:
    return samples.min(0), samples.max(0)


def render(strokes, size=(16, 16)) -> Array:
    img = blank_canvas(*size)
    for s, colour in strokes:
        img = rasterise(img, s.sample(), colour)
    return img


def ink_coverage(img: Array) -> Array:
    return jnp.mean(1.0 - img.mean(-1))


# ---------------------------------------------------------------------------
# export
# ---------------------------------------------------------------------------

def to_svg_path(samples: Array, closed: bool = False, precision: int = 2) -> str:
    """Polyline as an SVG path string."""
    pts = np.asarray(samples)
    fmt = f"{{:.{precision}f}}"
    parts = [f"M {fmt.format(pts[0, 0])} {fmt.format(pts[0, 1])}"]
    parts += [f"L {fmt.format(x)} {fmt.format(y)}" for x, y in pts[1:]]
    if closed:
        parts.append("Z")
    return " ".join(parts)


def quadratic_bezier(p0: Array, p1: Array, p2: Array, n: int = 16) -> Array:
    t = jnp.linspace(0.0, 1.0, n)[:, None]
    return (1 - t) ** 2 * p0 + 2 * (1 - t) * t * p1 + t ** 2 * p2


def cubic_bezier(p0: Array, p1: Array, p2: Array, p3: Array, n: int = 16) -> Array:
    t = jnp.linspace(0.0, 1.0, n)[:, None]
    return ((1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1
            + 3 * (1 - t) * t ** 2 * p2 + t ** 3 * p3)


def douglas_peucker(points: np.ndarray, tol: float) -> np.ndarray:
    """Polyline simplification (host-only utility, recursive)."""
    pts = np.asarray(points, dtype=np.float64)
    if len(pts) < 3:
        return pts
    a, b = pts[0], pts[-1]
    ab = b - a
    denom = max(np.hypot(*ab), 1e-12)
    d = np.abs(ab[0] * (pts[:, 1] - a[1]) - ab[1] * (pts[:, 0] - a[0])) / denom
    i = int(np.argmax(d))
    if d[i] <= tol:
        return np.stack([a, b])
    left = douglas_peucker(pts[: i + 1], tol)
    right = douglas_peucker(pts[i:], tol)
    return np.concatenate([left[:-1], right])


if __name__ == "__main__":
    wave = jnp.array([[2, 8], [5, 3], [8, 12], [11, 4], [14, 9]], jnp.float32)
    loop = jnp.array([[4, 4], [12, 4], [12, 12], [4, 12]], jnp.float32)
    s1 = stroke(wave, n_samples=24)
    s2 = stroke(loop, closed=True, n_samples=24, smoothing=0.5)
    print(s1, s2)
    print(to_svg_path(cubic_bezier(wave[0], wave[1], wave[2], wave[3], n=4)))
    print(len(douglas_peucker(np.asarray(quadratic_bezier(wave[0], wave[2], wave[4])), 0.1)))
    img = jax.jit(lambda: render([(s1, hex_to_rgb("#1f77b4")), (s2, hex_to_rgb("#d62728"))]))()
    print("coverage", float(ink_coverage(img)))
    print("length", float(arc_length(s1.sample())), "max |k|", float(jnp.abs(s1.curvature()).max()))
