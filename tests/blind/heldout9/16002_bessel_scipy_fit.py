# inspired by https://github.com/jax-ml/jax/pull/13587 (users trying scipy.special.jv under grad)
import jax
import jax.numpy as jnp
import numpy as np
import scipy.special


def bessel_j(order, z):
    z = jnp.asarray(z, dtype=jnp.float32)
    out_type = jax.ShapeDtypeStruct(z.shape, z.dtype)
    host_fn = lambda zz: scipy.special.jv(order, zz).astype(np.float32)
    return jax.pure_callback(host_fn, out_type, z, vmap_method="broadcast_all")


radii = jnp.linspace(0.5, 3.0, 6)
measured = jnp.asarray(scipy.special.jv(1, 1.3 * np.asarray(radii)), dtype=jnp.float32)


def mode_loss(k):
    pred = bessel_j(1, k * radii)
    return jnp.mean((pred - measured) ** 2)


k = 1.0
loss_and_grad = jax.jit(jax.value_and_grad(mode_loss))
for step in range(20):
    loss, dk = loss_and_grad(k)
    k = k - 0.5 * dk
print("fitted wavenumber", k)
