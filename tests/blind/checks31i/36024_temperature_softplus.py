# %%
import functools
import numpy as np
import jax
import jax.numpy as jnp

# %% [markdown]
# Softplus with a temperature that is a Python float, so it goes in nondiff_argnums.
# We want the Hessian of a smoothed hinge objective.

# %%
@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def softplus_t(x, temp):
    return temp * jnp.logaddexp(x / temp, 0.0)

def _softplus_t_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    temp = 0.5
    y = temp * jnp.logaddexp(x / temp, 0.0)
    return y, jax.nn.sigmoid(x / temp) * dx

softplus_t.defjvp(_softplus_t_jvp)

# %%
def smoothed_hinge(w, X, y, temp=0.5):
    margins = 1.0 - y * (X @ w)
    return jnp.mean(softplus_t(margins, temp)) + 0.01 * jnp.sum(w ** 2)

X = jnp.array([[1.0, 0.5], [-0.3, 1.2], [0.8, -1.0], [-1.1, -0.2]])
y = jnp.array([1.0, 1.0, -1.0, -1.0])
w0 = jnp.zeros(2)

# %%
print("loss at 0:", smoothed_hinge(w0, X, y))

# %% Newton step needs the Hessian
H = jax.hessian(smoothed_hinge)(w0, X, y)
g = jax.grad(smoothed_hinge)(w0, X, y)
w1 = w0 - jnp.linalg.solve(H, g)
print("after one Newton step:", w1, smoothed_hinge(w1, X, y))
