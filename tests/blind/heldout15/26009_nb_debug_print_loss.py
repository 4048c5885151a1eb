# %%
import jax
import jax.numpy as jnp

# %%
def loss(theta, *, verbose=True):
    resid = jnp.tanh(theta) - jnp.array([0.2, -0.1, 0.4])
    mse = jnp.mean(resid ** 2)
    if verbose:
        jax.debug.print("mse={m:.5f} |theta|={n:.3f}", m=mse, n=jnp.linalg.norm(theta))
    return mse

# %%
theta = jnp.zeros(3)
lr = 0.5
for step in range(3):
    val, g = jax.value_and_grad(loss)(theta)
    theta = theta - lr * g

# %%
jax.jacfwd(loss)(theta)
print(jax.hessian(loss)(theta).shape)
