import jax
import jax.numpy as jnp

from tomo.backend import numpy_proj as npb

N_RAYS, N_PIX = npb.SYSTEM.shape


def _call(fn, arr, n_out):
    return jax.pure_callback(fn, jax.ShapeDtypeStruct((n_out,), jnp.float32), arr, vmap_method="sequential")


@jax.custom_vjp
def radon(img):
    return _call(npb.project, img, N_RAYS)


def _radon_fwd(img):
    return radon(img), None


def _radon_bwd(_, ct):
    return (_call(npb.backproject, ct, N_PIX),)


radon.defvjp(_radon_fwd, _radon_bwd)
