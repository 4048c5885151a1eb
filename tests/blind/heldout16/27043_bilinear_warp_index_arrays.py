"""Optical-flow style bilinear image warping with integer index arrays; photometric loss gradient."""
import jax
import jax.numpy as jnp


def bilinear_sample(img, ys, xs):
    H, W = img.shape
    y0 = jnp.clip(jnp.floor(ys).astype(jnp.int32), 0, H - 2)
    x0 = jnp.clip(jnp.floor(xs).astype(jnp.int32), 0, W - 2)
    wy = ys - y0
    wx = xs - x0
    Ia, Ib = img[y0, x0], img[y0 + 1, x0]
    Ic, Id = img[y0, x0 + 1], img[y0 + 1, x0 + 1]
    return (Ia * (1 - wy) * (1 - wx) + Ib * wy * (1 - wx)
            + Ic * (1 - wy) * wx + Id * wy * wx)


def warp(img, flow):
    H, W = img.shape
    gy, gx = jnp.meshgrid(jnp.arange(H), jnp.arange(W), indexing="ij")
    return bilinear_sample(img, gy + flow[..., 0], gx + flow[..., 1])


def photometric(flow, src, dst):
    return jnp.mean((warp(src, flow) - dst) ** 2) + 0.05 * jnp.mean(jnp.diff(flow, axis=0) ** 2)


yy, xx = jnp.mgrid[0:16, 0:16]
src = jnp.sin(yy / 3.0) * jnp.cos(xx / 4.0)
dst = jnp.sin((yy + 0.7) / 3.0) * jnp.cos((xx - 0.4) / 4.0)
flow = jnp.zeros((16, 16, 2))
for _ in range(25):
    flow = flow - 2.0 * jax.grad(photometric)(flow, src, dst)
print(flow.mean(axis=(0, 1)))
