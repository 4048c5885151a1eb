# %% [markdown]
# ## Implicit differentiation through a Newton solve
# Solve g(x, theta) = x**3 + theta * x - 1 = 0 for x, and differentiate x*(theta).

# %%
import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

try:
    get_ipython().run_line_magic("precision", "4")
except NameError:
    pass

# %%
def residual(x, theta):
    return x ** 3 + theta * x - 1.0

def newton(theta, x0, iters=20):
    x = x0
    for _ in range(iters):
        x = x - residual(x, theta) / (3 * x ** 2 + theta)
    return x

# %%
@jax.custom_vjp
def root(theta, x0):
    return newton(theta, x0)

def root_fwd(theta, x0):
    x = newton(theta, x0)
    return x, (x, theta)

def root_bwd(res, g):
    x, theta = res
    return -g * x / (3 * x ** 2 + theta)

root.defvjp(root_fwd, root_bwd)

# %%
theta = 2.0
print("root:", root(theta, 1.0), "residual:", residual(root(theta, 1.0), theta))
# print("d root / d theta:", jax.grad(root)(theta, 1.0))  # see below

# %% finite-difference sanity check
eps = 1e-6
print("fd:", (newton(theta + eps, 1.0) - newton(theta - eps, 1.0)) / (2 * eps))

# %% [markdown]
# Re-running the grad cell above with this rule errors: bwd must return one cotangent per
# primal input, x0 included. Fixed rule:

# %%
def root_bwd(res, g):
    x, theta = res
    dg_dx = 3 * x ** 2 + theta
    dg_dtheta = x
    # the initial guess does not influence the root
    return (-g * dg_dtheta / dg_dx, jnp.zeros_like(x))

root.defvjp(root_fwd, root_bwd)

# %%
thetas = np.linspace(0.5, 3.0, 4)
sens = [float(jax.grad(root)(t, 1.0)) for t in thetas]
print(dict(zip(np.round(thetas, 2), np.round(sens, 4))))
