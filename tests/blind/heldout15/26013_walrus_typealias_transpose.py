from typing import TypeAlias, Callable
import numpy as np
import jax
import jax.numpy as jnp

Array: TypeAlias = jax.Array
LinOp: TypeAlias = Callable[[Array], Array]

_M = np.array([[2.0, 1.0, 0.0], [0.0, 1.0, 3.0]], dtype=np.float32)


def _host_matvec(v):
    return (_M @ np.asarray(v)).astype(np.float32)


def host_operator() -> LinOp:
    def apply(v: Array) -> Array:
        return jax.pure_callback(_host_matvec, jax.ShapeDtypeStruct((2,), jnp.float32), v,
                                 vmap_method="sequential")
    return apply


A = host_operator()
probe = jnp.ones(3, jnp.float32)
if (out := A(probe)).shape != (2,):
    raise SystemExit(f"bad shape {out.shape}")
print(f"A @ 1 = {out}")

# adjoint of the operator, for the normal equations
At = jax.linear_transpose(A, probe)
(back,) = At(jnp.array([1.0, -1.0], jnp.float32))
print(f"A^T r = {back}")
