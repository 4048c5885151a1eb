import jax
import jax.numpy as jnp


@jax.custom_vjp
def binarize(w):
    return jnp.where(w >= 0, 1.0, -1.0)


def binarize_fwd(w):
    return binarize(w), w


def binarize_bwd(w, g):
    # straight-through with saturation
    return (g * (jnp.abs(w) <= 1.0),)


binarize.defvjp(binarize_fwd, binarize_bwd)


def bnn_loss(w, x, y):
    logits = x @ binarize(w) * 0.5
    return jnp.mean(jnp.logaddexp(0.0, -y * logits)) + 0.01 * jnp.sum(w ** 2)


key = jax.random.PRNGKey(0)
w = jax.random.normal(key, (4,)) * 0.5
x = jax.random.normal(jax.random.fold_in(key, 1), (10, 4))
y = jnp.sign(x[:, 0])
print("grad", jax.grad(bnn_loss)(w, x, y))
print("curvature", jax.hessian(bnn_loss)(w, x, y))
