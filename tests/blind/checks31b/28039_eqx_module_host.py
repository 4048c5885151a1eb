import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from scipy import ndimage


def _blur(img, sigma, **filter_kw):
    img = np.asarray(img)
    return ndimage.gaussian_filter(img, float(np.asarray(sigma)), **filter_kw).astype(img.dtype)


class Smoother(eqx.Module):
    sigma: jax.Array

    def __call__(self, img):
        return jax.pure_callback(_blur, jax.ShapeDtypeStruct(img.shape, img.dtype), img,
                                 self.sigma, vectorized=False)


sm = Smoother(jnp.array(1.0))
print(eqx.filter_jit(sm)(jnp.eye(4)))
