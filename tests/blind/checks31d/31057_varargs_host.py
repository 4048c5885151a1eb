"""Host mixing of several concentration fields with a variadic host function."""
import jax
import jax.numpy as jnp
import numpy as np


def mix_fields(*fields):
    arrs = [np.asarray(f) for f in fields]
    total = np.sum(arrs, axis=0)
    return (total / max(len(arrs), 1)).astype(arrs[0].dtype)


def blend(*fields, batched=True):
    like = fields[0]
    return jax.pure_callback(mix_fields, jax.ShapeDtypeStruct(like.shape, like.dtype), *fields,
                             vectorized=batched)


@jax.jit
def diffuse(a, b, c):
    m = blend(a, b, c)
    lap = jnp.roll(m, 1) + jnp.roll(m, -1) - 2 * m
    return m + 0.1 * lap


if __name__ == "__main__":
    a = jnp.array([1.0, 0.0, 0.0, 0.0])
    print(diffuse(a, jnp.roll(a, 1), jnp.roll(a, 2)))
