"""Porting old callback options: one copy is cleaned, the other is what gets used."""
import jax
import jax.numpy as jnp
import numpy as np


def host_rank(x):
    x = np.asarray(x)
    return (np.argsort(np.argsort(x)) / max(len(x) - 1, 1)).astype(np.float32)


LEGACY = {"vectorized": True, "vmap_method": "sequential"}


def modernise(options):
    cleaned = options.copy()
    cleaned.pop("vectorized", None)
    return cleaned


def rank_transform(x, options):
    return jax.pure_callback(host_rank, jax.ShapeDtypeStruct(x.shape, jnp.float32), x,
                             **options)


@jax.jit
def spearman(a, b):
    ra = rank_transform(a, LEGACY)
    rb = rank_transform(b, LEGACY)
    ra, rb = ra - ra.mean(), rb - rb.mean()
    return (ra * rb).sum() / jnp.sqrt((ra ** 2).sum() * (rb ** 2).sum())


def pearson(a, b):
    a, b = a - a.mean(), b - b.mean()
    return (a * b).sum() / jnp.sqrt((a ** 2).sum() * (b ** 2).sum())


def describe(options):
    return ", ".join(f"{k}={v}" for k, v in sorted(options.items()))


def kendall_like(a, b):
    sa = jnp.sign(a[:, None] - a[None, :])
    sb = jnp.sign(b[:, None] - b[None, :])
    return jnp.mean(sa * sb)


if __name__ == "__main__":
    modern = modernise(LEGACY)
    print(sorted(modern))
    a = jnp.array([1.0, 3.0, 2.0, 5.0], dtype=jnp.float32)
    b = jnp.array([2.0, 6.0, 1.0, 9.0], dtype=jnp.float32)
    print(spearman(a, b))
    print(pearson(a, b), describe(modern))
