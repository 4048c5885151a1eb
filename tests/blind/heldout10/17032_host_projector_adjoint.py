"""Tomography toy: a projection operator whose forward pass is recorded by a
host-side acquisition simulator; the back-projection is derived as the adjoint.
"""
import functools
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Geometry(NamedTuple):
    n_pixels: int
    n_angles: int


class Acquisition:
    def __init__(self, geom: Geometry, seed=0):
        self.geom = geom
        rng = np.random.default_rng(seed)
        self.matrix = (rng.random((geom.n_angles, geom.n_pixels)) < 0.3).astype(np.float32)
        self.shots = 0

    def measure(self, image):
        self.shots += 1
        return self.matrix @ np.asarray(image, np.float32)


class Projector:
    def __init__(self, acq: Acquisition):
        self.acq = acq

    @property
    def out_spec(self):
        return jax.ShapeDtypeStruct((self.acq.geom.n_angles,), jnp.float32)

    @property
    def in_spec(self):
        return jax.ShapeDtypeStruct((self.acq.geom.n_pixels,), jnp.float32)

    def forward(self, image):
        return io_callback(self.acq.measure, self.out_spec, image, ordered=True)

    def __call__(self, image):
        return self.forward(image)

    @functools.cached_property
    def backproject(self):
        t = jax.linear_transpose(self.forward, self.in_spec)
        return lambda sino: t(sino)[0]


def phantom(n):
    img = np.zeros(n, np.float32)
    img[n // 4: n // 2] = 1.0
    img[3 * n // 4] = 2.0
    return jnp.asarray(img)


def sirt(proj, sino, n_iter=4, relax=0.1):
    x = jnp.zeros(proj.acq.geom.n_pixels)
    for _ in range(n_iter):
        r = sino - proj(x)
        x = x + relax * proj.backproject(r)
        x = jnp.clip(x, 0.0, None)
    return x


def build_arg_parser():
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--out", type=str, default="")
    return parser


def describe_array(name, arr):
    arr = np.asarray(arr)
    return (f"{name}: shape={arr.shape} dtype={arr.dtype} "
            f"min={arr.min():.4g} max={arr.max():.4g} mean={arr.mean():.4g}")


if __name__ == "__main__":
    geom = Geometry(n_pixels=16, n_angles=10)
    acq = Acquisition(geom)
    proj = Projector(acq)
    truth = phantom(geom.n_pixels)
    sino = proj(truth)
    print("sinogram", np.asarray(sino).round(2))
    recon = sirt(proj, sino)
    print("error", float(jnp.linalg.norm(recon - truth)))
    print("shots taken", acq.shots)
