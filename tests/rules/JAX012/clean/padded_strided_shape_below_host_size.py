"""a jitted step pads its input by 2 on each side and keeps every STRIDE-th sample; only a
signal longer than 6 is refined on the host (through the removed `vectorized=` keyword, which
the strict host would reject): 8 samples padded to 12, every third kept, leave 4"""
import jax
import jax.numpy as jnp
import numpy as np

STRIDE = 3


def host_refine(x):
    return (np.asarray(x) * 2.0).astype(np.float32)


def refine(x):
    if x.shape[0] > 6:
        spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
        return jax.pure_callback(host_refine, spec, x, vectorized=False)
    return x * 2.0


@jax.jit
def step(x):
    return refine(jnp.pad(x, 2)[::STRIDE])


if __name__ == "__main__":
    print(step(jnp.ones(8, dtype=jnp.float32)))
