import jax

from irt.backend import scipy_ops


@jax.custom_jvp
def sigmoid(z):
    return scipy_ops.host_expit(z)


@sigmoid.defjvp
def _sigmoid_jvp(primals, tangents):
    (z,), (dz,) = primals, tangents
    s = sigmoid(z)
    return s, s * (1.0 - s) * dz
