"""Forward-over-reverse Hessian-vector products for a model using a host-evaluated softplus slope."""
import numpy as np
import jax
import jax.numpy as jnp


def host_slope(z, vectorized=False):
    zv = np.asarray(z)
    return (1.0 / (1.0 + np.exp(-zv))).astype(zv.dtype)


@jax.custom_jvp
def softplus(z):
    return jnp.logaddexp(z, 0.0)


@softplus.defjvp
def _softplus_jvp(primals, tangents):
    (z,), (t,) = primals, tangents
    s = jax.pure_callback(host_slope, jax.ShapeDtypeStruct(z.shape, z.dtype),
                          jax.lax.stop_gradient(z), vectorized=True)
    return softplus(z), s * t


def loss(w, x):
    return jnp.sum(softplus(x @ w)) + 0.5 * jnp.sum(w ** 2)


def hvp(w, x, v):
    return jax.jvp(lambda w_: jax.grad(loss)(w_, x), (w,), (v,))[1]


def cg_newton_direction(w, x, g, iters=1):
    d = jnp.zeros_like(g)
    r = -g
    p = r
    for _ in range(iters):
        Ap = hvp(w, x, p)
        alpha = jnp.vdot(r, r) / jnp.vdot(p, Ap)
        d = d + alpha * p
        r_new = r - alpha * Ap
        p = r_new + jnp.vdot(r_new, r_new) / jnp.vdot(r, r) * p
        r = r_new
    return d


if __name__ == "__main__":
    x = jnp.array([[0.3, -1.0], [1.2, 0.4], [-0.6, 0.9]], dtype=jnp.float32)
    w = jnp.array([0.5, -0.5], dtype=jnp.float32)
    g = jax.grad(loss)(w, x)
    print("newton direction:", np.round(np.asarray(cg_newton_direction(w, x, g)), 4))
