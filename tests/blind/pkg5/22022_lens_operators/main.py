# Models a lens-simulation package whose experimental blur op carries a custom JVP; the script forms the adjoint with linear_transpose.
import jax
import jax.numpy as jnp
from lenskit import imaging

img = jnp.array([0.0, 1.0, 0.0, 0.5, 0.25])
op = imaging.Blur(weight=0.3)

if __name__ == "__main__":
    fwd = op(img)
    adj = jax.linear_transpose(op, img)
    (res,) = adj(fwd)
    print(fwd, res)
