"""jacrev vmaps the pullback over a basis of cotangents: a custom_vjp bwd that sends the cotangent to the host needs a vmap_method."""
import jax
import jax.numpy as jnp
import numpy as np

_KERNEL = np.array([0.25, 0.5, 0.25], np.float32)


def _host_blur(v):
    return np.convolve(np.asarray(v), _KERNEL, mode="same").astype(np.float32)


@jax.custom_vjp
def blur(x):
    return jnp.convolve(x, jnp.asarray(_KERNEL), mode="same")


def _blur_fwd(x):
    return blur(x), None


def _blur_bwd(_, ct):
    out = jax.pure_callback(_host_blur, jax.ShapeDtypeStruct(ct.shape, ct.dtype), ct)  # EXPECT: JAX008
    return (out,)


blur.defvjp(_blur_fwd, _blur_bwd)

print(jax.grad(lambda x: jnp.sum(blur(x) ** 2))(jnp.arange(4.0)))
print(jax.jacrev(blur)(jnp.arange(4.0)))
