"""Natural-gradient style layer: the custom JVP applies a host-side preconditioner to tangents."""
import jax
import jax.numpy as jnp
import numpy as np

FISHER_DIAG = np.array([2.0, 0.5, 1.0, 4.0], dtype=np.float32)


def _apply_precond(t):
    return (np.asarray(t) / FISHER_DIAG).astype(np.float32)


def host_precondition(t):
    return jax.pure_callback(_apply_precond, jax.ShapeDtypeStruct(t.shape, t.dtype), t,
                             vmap_method="broadcast_all")


@jax.custom_jvp
def scaled_tanh(w):
    return jnp.tanh(w)


@scaled_tanh.defjvp
def _scaled_tanh_jvp(primals, tangents):
    (w,), (dw,) = primals, tangents
    y = jnp.tanh(w)
    return y, (1.0 - y ** 2) * host_precondition(dw)


def objective(w, x):
    return jnp.sum((scaled_tanh(w) * x - 1.0) ** 2)


w = jnp.array([0.1, -0.2, 0.3, 0.0])
x = jnp.array([1.0, 2.0, 0.5, 1.5])
# forward-mode directional derivative works
print(jax.jvp(lambda w: objective(w, x), (w,), (jnp.ones_like(w),)))
for it in range(3):
    g = jax.grad(objective)(w, x)
    w = w - 0.1 * g
    print(it, objective(w, x))
