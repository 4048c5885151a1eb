# Models: a host-side (numpy) linear filter whose adjoint is obtained with jax.linear_transpose for a least-squares deconvolution
import numpy as np
import jax
import jax.numpy as jnp

KERNEL = np.array([0.25, 0.5, 0.25], dtype=np.float32)


def host_convolve(signal):
    signal = np.asarray(signal)
    return np.convolve(signal, KERNEL, mode="same").astype(signal.dtype)


def blur(signal):
    """Linear operator implemented on the host."""
    return jax.pure_callback(
        host_convolve,
        jax.ShapeDtypeStruct(signal.shape, signal.dtype),
        signal,
        vmap_method="sequential",
    )


def forward_model(x, gain=2.0):
    return gain * blur(x)


def build_adjoint(n):
    primal = jnp.zeros((n,), jnp.float32)
    return jax.linear_transpose(forward_model, primal)


def landweber(y, n_iter=3, step=0.2):
    adj = build_adjoint(y.shape[0])
    x = jnp.zeros_like(y)
    for _ in range(n_iter):
        resid = forward_model(x) - y
        (g,) = adj(resid)
        x = x - step * g
    return x


if __name__ == "__main__":
    y = jnp.array([0.0, 1.0, 3.0, 1.0, 0.0, 0.0, 2.0, 0.0], jnp.float32)
    x_hat = landweber(y)
    print(x_hat)
