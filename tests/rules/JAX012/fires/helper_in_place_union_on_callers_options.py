"""`opts |= {...}` in a helper updates the dict it was given in place: the caller's options,
spread into the callback after the helper ran, hold `vectorized`."""
import jax
import jax.numpy as jnp
import numpy as np

BASE = {"vmap_method": "sequential"}


def host_med(x):
    return np.float32(np.median(np.asarray(x)))


def opts_for(kind, opts):
    if kind == "legacy":
        opts |= {"vectorized": True}
    return opts


@jax.jit
def centre(x):
    opts = dict(BASE)
    opts_for("legacy", opts)
    return x - jax.pure_callback(host_med, jax.ShapeDtypeStruct((), jnp.float32), x, **opts)  # EXPECT: JAX012


if __name__ == "__main__":
    print(centre(jnp.array([1.0, 5.0, 2.0])))
