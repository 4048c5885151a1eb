# shape from: gboehl/grgrjax (grgrjax/newton.py: jax.debug.callback in a while_loop condition)
"""Jitted Newton root finder that prints its progress from the loop condition."""
import jax
import jax.numpy as jnp
import numpy as np


def amax(x):
    return jnp.abs(x).max()


def callback_func(cnt, err, dampening=None, verbose=True):
    cnt = int(np.asarray(cnt))
    err = float(np.asarray(err))
    verbose = bool(np.asarray(verbose))
    mess = f"    Iteration {cnt:3d} | max. error {err:.2e}"
    if dampening is not None:
        mess += f" | dampening {float(np.asarray(dampening)):1.3f}"
    if verbose:
        print(mess)


def newton_cond_func(carry):
    (xi, eps, cnt), (func, verbose, maxit, tol) = carry
    cond = cnt < maxit
    cond = jnp.logical_and(cond, eps > tol)
    cond = jnp.logical_and(cond, ~jnp.isnan(eps))
    verbose = jnp.logical_and(cnt, verbose)
    jax.debug.callback(callback_func, cnt, eps, verbose=verbose)
    return cond


def newton_body_func(carry):
    (xi, eps, cnt), (func, verbose, maxit, tol) = carry
    xi_old = xi
    f, jac = func(xi)
    xi = xi - jax.scipy.linalg.solve(jac, f)
    return (xi, amax(xi - xi_old), cnt + 1), (func, verbose, maxit, tol)


@jax.jit
def newton_jax_jit(func, x_init, maxit=30, tol=1e-8, verbose=True):
    carry = ((x_init, jnp.float32(1.0), 0), (func, verbose, maxit, tol))
    (xi, eps, cnt), _ = jax.lax.while_loop(newton_cond_func, newton_body_func, carry)
    return xi, cnt, eps > tol


def val_and_jacfwd(f):
    return jax.tree_util.Partial(lambda x: (f(x), jax.jacfwd(f)(x)))


if __name__ == "__main__":
    f = lambda x: jnp.array([x[0] ** 2 + x[1] - 2.0, x[0] - x[1] ** 3])
    x, n, failed = newton_jax_jit(val_and_jacfwd(f), jnp.array([0.5, 0.5]))
    jax.effects_barrier()
    print("root", x, "after", int(n), "iterations; failed:", bool(failed))
