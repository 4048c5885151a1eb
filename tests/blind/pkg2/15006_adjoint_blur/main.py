import jax.numpy as jnp
import imaging
from recon import adjoint_of, landweber

blur = imaging.Blur1D([0.25, 0.5, 0.25])
truth = jnp.zeros(16).at[5].set(1.0).at[11].set(-0.5)
data = blur(truth)

adj = adjoint_of(blur, 16)
x_hat = landweber(blur, adj, data)
print(x_hat)
