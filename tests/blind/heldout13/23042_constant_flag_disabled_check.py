"""Module-level constant flags: a host-side finite-element cross-check is compiled in only
when VALIDATE_ON_HOST is set, and it is off."""
import jax
import jax.numpy as jnp
import numpy as np

VALIDATE_ON_HOST = False
VERBOSE = 0


def _host_check(u):
    assert np.all(np.isfinite(u)), "non-finite displacement"
    return np.asarray(u, dtype=np.float32)


def stiffness(k):
    n = k.shape[0]
    main = jnp.concatenate([k[:-1] + k[1:], k[-1:]])
    off = -k[1:]
    return jnp.diag(main) + jnp.diag(off, 1) + jnp.diag(off, -1)


def displacement(k, f):
    u = jnp.linalg.solve(stiffness(k), f)
    if VALIDATE_ON_HOST:
        u = jax.pure_callback(_host_check, jax.ShapeDtypeStruct(u.shape, u.dtype), u)
    if VERBOSE > 1:
        jax.debug.print("u = {}", u)
    return u


def compliance(k, f):
    return f @ displacement(k, f)


if __name__ == "__main__":
    k = jnp.array([3.0, 2.0, 2.5, 1.5])
    f = jnp.array([0.0, 0.0, 0.0, 1.0])
    print(compliance(k, f))
    print(jax.jacrev(displacement)(k, f))
    print(jax.grad(compliance)(k, f))
