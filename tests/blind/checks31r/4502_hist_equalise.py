"""Compile once, reuse: a histogram-equalisation kernel compiled ahead of time."""
import numpy as np
import jax
import jax.numpy as jnp


def cdf_lookup(img, bins):
    img = np.asarray(img)
    bins = int(np.asarray(bins))
    hist, edges = np.histogram(img, bins=bins, range=(0.0, 1.0))
    cdf = np.cumsum(hist) / img.size
    return np.interp(img, edges[1:], cdf).astype(np.float32)


def equalise(img, bins):
    spec = jax.ShapeDtypeStruct(img.shape, jnp.float32)
    return jax.pure_callback(cdf_lookup, spec, img, bins, vectorized=False)


def contrast(img):
    return jnp.max(img) - jnp.min(img)


def build(shape):
    example = jax.ShapeDtypeStruct(shape, jnp.float32)
    lowered = jax.jit(equalise).lower(example, jax.ShapeDtypeStruct((), jnp.int32))
    compiled = lowered.compile()
    flops = compiled.cost_analysis()
    print("cost keys:", len(flops) if flops else 0)
    return compiled


if __name__ == "__main__":
    img = (jnp.arange(16, dtype=jnp.float32).reshape(4, 4) / 16.0) ** 2
    kernel = build(img.shape)
    out = kernel(img, jnp.int32(8))
    print(float(contrast(img)), float(contrast(out)))
