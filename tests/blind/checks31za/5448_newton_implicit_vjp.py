"""Implicit differentiation through a Newton root solve.

Solves x^3 + theta x - 1 = 0 and differentiates the root w.r.t. theta with
the implicit function theorem instead of unrolling the iterations.
"""
import jax
import jax.numpy as jnp


def residual(x, theta):
    return x ** 3 + theta * x - 1.0


def newton(theta, x0, tol=1e-6, max_iter=30):
    x = x0
    for _ in range(max_iter):
        f = residual(x, theta)
        x = x - f / (3.0 * x ** 2 + theta)
    return x


@jax.custom_vjp
def root(theta, x0):
    return newton(theta, x0)


def _root_fwd(theta, x0):
    x = newton(theta, x0)
    return x, (x, theta)


def _root_bwd(res, g):
    x, theta = res
    df_dx = 3.0 * x ** 2 + theta
    df_dtheta = x
    return (-g * df_dtheta / df_dx, None)


root.defvjp(_root_fwd, _root_bwd)


def design_loss(theta, target=0.6):
    x = root(theta, jnp.float32(1.0))
    return (x - target) ** 2


def finite_difference(f, theta, h=1e-3):
    return (f(theta + h) - f(theta - h)) / (2 * h)


if __name__ == "__main__":
    theta = jnp.float32(1.0)
    print("root", float(root(theta, jnp.float32(1.0))))
    g = jax.grad(design_loss)(theta)
    print("implicit grad", float(g), "fd", float(finite_difference(design_loss, theta)))
