"""Polar decomposition helper whose tangent layout is picked by a StrEnum."""
import enum

import numpy as np
import jax
import jax.numpy as jnp


class Layout(enum.StrEnum):
    PAIR = "pair"
    STACKED = "stacked"


LAYOUT = Layout("pair")


@jax.custom_jvp
def to_polar(xy):
    r = jnp.hypot(xy[..., 0], xy[..., 1])
    th = jnp.arctan2(xy[..., 1], xy[..., 0])
    return r, th


@to_polar.defjvp
def _to_polar_jvp(primals, tangents):
    (xy,), (t,) = primals, tangents
    r, th = to_polar(xy)
    x, y = xy[..., 0], xy[..., 1]
    dr = (x * t[..., 0] + y * t[..., 1]) / r
    dth = (x * t[..., 1] - y * t[..., 0]) / r ** 2
    match LAYOUT:
        case Layout.PAIR:
            return (r, th), (dr, dth)
        case Layout.STACKED:
            return (r, th), jnp.stack([dr, dth])


def spiral_loss(xy):
    r, th = to_polar(xy)
    return jnp.sum((r - 0.2 * th) ** 2) if (n := xy.shape[0]) > 1 else jnp.sum(r)


def seeded_rng(tag, base_seed=1234):
    """Deterministic NumPy generator per string tag."""
    import zlib
    return np.random.default_rng(base_seed + zlib.crc32(tag.encode()) % 10_000)


def jitter(values, scale=1e-3, tag="jitter"):
    rng = seeded_rng(tag)
    return np.asarray(values) + scale * rng.standard_normal(np.shape(values))


if __name__ == "__main__":
    pts = jnp.array([[1.0, 0.5], [0.3, -0.7], [-0.2, 0.9]])
    print("loss", float(spiral_loss(pts)))
    print("grad", jax.grad(spiral_loss)(pts))
