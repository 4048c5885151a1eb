"""sdf.py -- signed-distance-field primitives, sphere tracing and differentiable shading.

Used by the inverse-rendering toy: recover a sphere radius and light direction from a
handful of shaded pixels.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, NamedTuple, Sequence, Tuple

import numpy as np
import jax
import jax.numpy as jnp

Vec3 = jnp.ndarray
SDF = Callable[[Vec3], jnp.ndarray]

EPS = 1e-4

# ---------------------------------------------------------------------------
# vector helpers
# ---------------------------------------------------------------------------

def normalize(v: Vec3) -> Vec3:
    return v / jnp.sqrt(jnp.sum(v * v, axis=-1, keepdims=True) + 1e-12)


def reflect(d: Vec3, n: Vec3) -> Vec3:
    return d - 2.0 * jnp.sum(d * n, axis=-1, keepdims=True) * n


def lerp(a, b, t):
    return a + (b - a) * t


def saturate(x):
    return jnp.clip(x, 0.0, 1.0)


class Ray(NamedTuple):
    origin: Vec3
    direction: Vec3


@dataclass(frozen=True)
class Camera:
    position: Tuple[float, float, float] = (0.0, 0.0, -3.0)
    fov_deg: float = 40.0

    def rays(self, width: int, height: int) -> Ray:
        aspect = width / height
        scale = math.tan(math.radians(self.fov_deg) / 2)
        xs = (np.arange(width) + 0.5) / width * 2 - 1
        ys = 1 - (np.arange(height) + 0.5) / height * 2
        gx, gy = np.meshgrid(xs * aspect * scale, ys * scale)
        d = np.stack([gx, gy, np.ones_like(gx)], axis=-1).reshape(-1, 3).astype(np.float32)
        o = np.broadcast_to(np.asarray(self.position, np.float32), d.shape)
        return Ray(jnp.asarray(o), normalize(jnp.asarray(d)))

    def __repr__(self) -> str:
        return f"Camera(pos={self.position}, fov={self.fov_deg}deg)"


# ---------------------------------------------------------------------------
# primitives and operators
# ---------------------------------------------------------------------------

def sd_sphere(p: Vec3, radius) -> jnp.ndarray:
    return jnp.linalg.norm(p, axis=-1) - radius


def sd_box(p: Vec3, half) -> jnp.ndarray:
    q = jnp.abs(p) - half
    return jnp.linalg.norm(jnp.maximum(q, 0.0), axis=-1) + jnp.minimum(jnp.max(q, axis=-1), 0.0)


def sd_plane(p: Vec3, height: float = -1.0) -> jnp.ndarray:
    return p[..., 1] - height


@jax.custom_jvp
def smooth_union(a, b, k=0.2):
    h = saturate(0.5 + 0.5 * (b - a) / k)
    return lerp(b, a, h) - k * h * (1.0 - h)


@smooth_union.defjvp
def _smooth_union_jvp(primals, tangents):
    a, b, k = primals
    da, db, dk = tangents
    h = saturate(0.5 + 0.5 * (b - a) / k)
    out = lerp(b, a, h) - k * h * (1.0 - h)
    return out, h * da + (1.0 - h) * db - h * (1.0 - h) * dk


@jax.custom_vjp
def schlick(cos_theta, f0):
    return f0 + (1.0 - f0) * (1.0 - cos_theta) ** 5


def _schlick_fwd(cos_theta, f0):
    return schlick(cos_theta, f0), (cos_theta, f0)


def _schlick_bwd(res, g):
    cos_theta, f0 = res
    m = (1.0 - cos_theta)
    df0 = (1.0 - m ** 5) * g
    if jnp.ndim(f0) == 0:
        df0 = jnp.sum(df0)
    return -5.0 * (1.0 - f0) * m ** 4 * g, df0


schlick.defvjp(_schlick_fwd, _schlick_bwd)


# ---------------------------------------------------------------------------
# tracing and shading
# ---------------------------------------------------------------------------

def scene(radius) -> SDF:
    def f(p):
        return smooth_union(sd_sphere(p, radius), sd_plane(p), 0.3)
    return f


def sphere_trace(sdf: SDF, ray: Ray, steps: int = 24) -> jnp.ndarray:
    def body(t, _):
        p = ray.origin + t[..., None] * ray.direction
        return t + sdf(p), None
    t, _ = jax.lax.scan(body, jnp.zeros(ray.origin.shape[:-1]), None, length=steps)
    return t


def estimate_normal(sdf: SDF, p: Vec3) -> Vec3:
    offsets = jnp.eye(3) * EPS
    grad = jnp.stack([sdf(p + o) - sdf(p - o) for o in offsets], axis=-1)
    return normalize(grad)


def shade(sdf: SDF, ray: Ray, light_dir: Vec3, f0=0.04) -> jnp.ndarray:
    t = sphere_trace(sdf, ray)
    p = ray.origin + t[..., None] * ray.direction
    n = estimate_normal(sdf, p)
    diffuse = saturate(jnp.sum(n * normalize(light_dir), axis=-1))
    view_cos = saturate(-jnp.sum(n * ray.direction, axis=-1))
    return 0.8 * diffuse + schlick(view_cos, f0)


def render(radius, light_dir, camera: Camera, size=(4, 3)) -> jnp.ndarray:
    return shade(scene(radius), camera.rays(*size), light_dir).reshape(size[1], size[0])


def sd_torus(p: Vec3, major: float = 1.0, minor: float = 0.25) -> jnp.ndarray:
    q = jnp.stack([jnp.linalg.norm(p[..., [0, 2]], axis=-1) - major, p[..., 1]], axis=-1)
    return jnp.linalg.norm(q, axis=-1) - minor


def sd_capsule(p: Vec3, a: Vec3, b: Vec3, r: float) -> jnp.ndarray:
    pa, ba = p - a, b - a
    h = saturate(jnp.sum(pa * ba, axis=-1) / jnp.sum(ba * ba))
    return jnp.linalg.norm(pa - ba * h[..., None], axis=-1) - r


def gamma_encode(img: np.ndarray, gamma: float = 2.2) -> np.ndarray:
    return np.clip(img, 0.0, 1.0) ** (1.0 / gamma)


def soft_shadow(sdf: SDF, origin: Vec3, light_dir: Vec3, k: float = 8.0, steps: int = 16) -> jnp.ndarray:
    def body(carry, _):
        t, res = carry
        h = sdf(origin + t[..., None] * light_dir)
        return (t + jnp.clip(h, 0.02, 0.5), jnp.minimum(res, k * h / t)), None
    init = (jnp.full(origin.shape[:-1], 0.05), jnp.ones(origin.shape[:-1]))
    (_, res), _ = jax.lax.scan(body, init, None, length=steps)
    return saturate(res)


def to_ppm(img: np.ndarray) -> bytes:
    h, w = img.shape
    px = (np.clip(img, 0, 1) * 255).astype(np.uint8)
    rgb = np.repeat(px[..., None], 3, axis=-1)
    return b"P6 %d %d 255\n" % (w, h) + rgb.tobytes()


def photometric_loss(params, target, camera):
    img = render(params["radius"], params["light"], camera)
    return jnp.mean((img - target) ** 2)


def fit(target, camera, steps=3, lr=0.5):
    params = {"radius": jnp.float32(0.8), "light": jnp.array([0.3, 1.0, -0.5])}
    grad_fn = jax.jit(jax.value_and_grad(photometric_loss), static_argnums=2)
    for i in range(steps):
        loss, g = grad_fn(params, target, camera)
        params = jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g)
        print(f"step {i}: loss={float(loss):.5f} radius={float(params['radius']):.3f}")
    return params


def main(argv: Sequence[str] = ()) -> None:
    cam = Camera()
    print(cam)
    target = render(jnp.float32(1.0), jnp.array([0.5, 1.0, -1.0]), cam)
    print("target image:\n", np.asarray(target).round(3))
    print("ppm bytes:", len(to_ppm(np.asarray(target))))
    fit(target, cam)


if __name__ == "__main__":
    main()
