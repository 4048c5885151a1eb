"""The host is chosen by testing a backend name against a set of names; the name given picks the jnp host."""
import jax
import jax.numpy as jnp
import numpy as np


def host_numpy(x):
    return np.sort(np.asarray(x)).astype(np.float32)


def host_device(x):
    return np.asarray(jnp.sort(jnp.asarray(x)))  # EXPECT: JAX011


def pick(backend: str):
    if str(backend).strip().lower() in {"gpu", "device", "accel"}:
        return host_device
    return host_numpy


def sorted_values(x, backend):
    host = pick(backend)
    return jax.jit(lambda v: jax.pure_callback(host, jax.ShapeDtypeStruct(v.shape, v.dtype), v))(x)


if __name__ == "__main__":
    print(sorted_values(jnp.array([3.0, 1.0, 2.0]), " Device"))
