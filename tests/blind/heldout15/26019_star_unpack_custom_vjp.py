import numpy as np
import jax
import jax.numpy as jnp
from scipy.special import expit


def _host_sigmoid(*zs):
    return tuple(expit(np.asarray(z)).astype(np.float32) for z in zs)


@jax.custom_vjp
def host_sigmoid2(a, b):
    specs = (jax.ShapeDtypeStruct(a.shape, a.dtype), jax.ShapeDtypeStruct(b.shape, b.dtype))
    return jax.pure_callback(_host_sigmoid, specs, a, b, vmap_method="sequential")

def _fwd(a, b):
    out = host_sigmoid2(a, b)
    return out, out

def _bwd(out, gs):
    return tuple(g * s * (1.0 - s) for g, s in zip(out, gs))

host_sigmoid2.defvjp(_fwd, _bwd)


def gates(*inputs):
    *first, last = inputs
    i, f = host_sigmoid2(*first)
    return jnp.sum(i * f * last)


args = (jnp.array([0.1, 0.2]), jnp.array([-0.3, 0.5]), jnp.array([1.0, 2.0]))
print(gates(*args))
print(*jax.grad(gates, argnums=(0, 1, 2))(*args), sep="\n")
