# Models a tomography app: the forward projector is a host (numpy) matvec behind pure_callback wrapped in custom_vjp; the reconstruction derives the adjoint with jax.linear_transpose.
import jax.numpy as jnp

from tomo.recon import landweber


if __name__ == "__main__":
    sino = jnp.array([1.0, 0.5, 0.25, 0.0, 0.3])
    img = landweber(sino, n_iter=3)
    print(img)
