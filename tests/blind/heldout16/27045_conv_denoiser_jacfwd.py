"""A tiny convolutional denoiser with a memory-saving custom VJP; its input-output Jacobian."""
import jax
import jax.numpy as jnp
from jax import lax


def _conv(x, k):
    return lax.conv_general_dilated(x[None, None], k[None, None], (1, 1), "SAME")[0, 0]


@jax.custom_vjp
def conv_relu(x, k):
    return jax.nn.relu(_conv(x, k))


def conv_relu_fwd(x, k):
    y = jax.nn.relu(_conv(x, k))
    return y, (x, k, y > 0)


def conv_relu_bwd(res, g):
    x, k, mask = res
    g = g * mask
    _, vjp = jax.vjp(_conv, x, k)
    return vjp(g)


conv_relu.defvjp(conv_relu_fwd, conv_relu_bwd)


def denoiser(img, kernels):
    h = img
    for k in kernels:
        h = conv_relu(h, k) + h
    return h


key = jax.random.key(0)
kernels = [0.1 * jax.random.normal(k, (3, 3)) for k in jax.random.split(key, 2)]
img = jax.random.uniform(jax.random.key(1), (6, 6))
print(denoiser(img, kernels).shape)
jac = jax.jacfwd(denoiser)(img, kernels)
print(jac.shape)
