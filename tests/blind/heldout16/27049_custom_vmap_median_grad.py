"""Median-filter preconditioned image fit; the filter is a custom_vmap'd SciPy call."""
import numpy as np
import jax
import jax.numpy as jnp
from jax import custom_batching
from scipy import ndimage


def _median(img, size):
    return ndimage.median_filter(np.asarray(img), size=size).astype(np.float32)


@custom_batching.custom_vmap
def median3(img):
    return jax.pure_callback(lambda a: _median(a, 3), jax.ShapeDtypeStruct(img.shape, img.dtype), img)


@median3.def_vmap
def _median3_batched(axis_size, in_batched, imgs):
    (batched,) = in_batched
    out = jax.pure_callback(lambda a: _median(a, (1, 3, 3) if batched else 3),
                            jax.ShapeDtypeStruct(imgs.shape, imgs.dtype), imgs)
    return out, batched


def data_term(estimate, observed):
    return jnp.mean((median3(estimate) - observed) ** 2)


observed = jax.random.uniform(jax.random.key(0), (8, 8))
estimate = jnp.full((8, 8), 0.5)
for it in range(10):
    estimate = estimate - 0.5 * jax.grad(data_term)(estimate, observed)
print(data_term(estimate, observed))
