# %%
import numpy as np
import scipy.special as sps
import jax
import jax.numpy as jnp

# %% digamma from scipy, with its derivative (trigamma) also from scipy
def _psi(x):
    return sps.digamma(np.asarray(x)).astype(np.float32)

def _psi1(x):
    return sps.polygamma(1, np.asarray(x)).astype(np.float32)

@jax.custom_jvp
def digamma(x):
    return jax.pure_callback(_psi, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

@digamma.defjvp
def _digamma_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    slope = jax.pure_callback(_psi1, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
    return digamma(x), slope * dx

# %%
alphas = jnp.array([0.5, 1.0, 2.5, 4.0])
print(digamma(alphas))

# %% full Jacobian, forward mode: only the tangent is batched
J = jax.jacfwd(digamma)(alphas)
print(jnp.diag(J))

# %%
print(jax.grad(lambda a: digamma(a).sum())(alphas))
