"""Deconvolution by Landweber iteration.  The blur operator has a
memory-lean custom_vjp (the adjoint is a flipped convolution), and the
adjoint needed by Landweber is taken with jax.linear_transpose."""
import jax
import jax.numpy as jnp

KERNEL = jnp.array([0.25, 0.5, 0.25])


@jax.custom_vjp
def blur(x):
    return jnp.convolve(x, KERNEL, mode="same")


def _blur_fwd(x):
    return blur(x), None


def _blur_bwd(_, g):
    return (jnp.convolve(g, KERNEL[::-1], mode="same"),)


blur.defvjp(_blur_fwd, _blur_bwd)


def landweber(y, n_iter=10, tau=1.0):
    (adjoint,) = (jax.linear_transpose(blur, y),)
    x = jnp.zeros_like(y)
    for _ in range(n_iter):
        (g,) = adjoint(blur(x) - y)
        x = x - tau * g
    return x


if __name__ == "__main__":
    truth = jnp.zeros(12).at[4].set(1.0).at[8].set(0.5)
    y = blur(truth)
    # gradient-based check of the custom rule
    print(jax.grad(lambda x: jnp.sum(blur(x) ** 2))(truth)[:5])
    print(landweber(y))
