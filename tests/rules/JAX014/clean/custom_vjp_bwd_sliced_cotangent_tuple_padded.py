"""A bwd that slices its cotangents by a configured count and keeps the rest:
`grads[:N_LEARNED] + grads[N_LEARNED:]` is all 3 cotangents."""
import jax
import jax.numpy as jnp

N_LEARNED = 1


@jax.custom_vjp
def affine(w, b, x):
    return x @ w + b


def affine_fwd(w, b, x):
    return affine(w, b, x), (w, x)


def affine_bwd(res, g):
    w, x = res
    grads = (jnp.outer(x, g), jnp.zeros_like(g), g @ w.T)
    return grads[:N_LEARNED] + grads[N_LEARNED:]


affine.defvjp(affine_fwd, affine_bwd)
w, b, x = jnp.eye(2), jnp.zeros(2), jnp.array([1.0, -2.0])
print(jax.grad(lambda w: jnp.sum(affine(w, b, x) ** 2))(w))
