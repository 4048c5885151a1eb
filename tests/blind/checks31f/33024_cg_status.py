# shape from: jax-ml/jax#25861 (NIFTy-style conjugate gradient with a jax.debug.callback printer)
"""Conjugate gradient under jit that reports its progress from the host."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.debug import callback
from jax.lax import while_loop


def cg_pretty_print_it(name, i, residual, maxiter=None):
    i = int(np.asarray(i))
    residual = np.asarray(residual)
    if maxiter is not None and i == maxiter:
        i_str = f"maxiter: ({i})"
    else:
        i_str = str(i)
    norm = float(np.linalg.norm(residual))
    print(f"{name}: Iteration {i_str}  |r| = {norm:.3e}")


def static_cg(matvec, b, x0, maxiter=25, tol=1e-6, name="cg"):
    def pp(arg):
        cg_pretty_print_it(name, **arg, maxiter=maxiter)

    def cond(v):
        return (v["iteration"] < maxiter) & (jnp.vdot(v["r"], v["r"]) > tol**2)

    def body(v):
        x, r, p, i = v["x"], v["r"], v["p"], v["iteration"]
        Ap = matvec(p)
        alpha = jnp.vdot(r, r) / jnp.vdot(p, Ap)
        x = x + alpha * p
        r_new = r - alpha * Ap
        beta = jnp.vdot(r_new, r_new) / jnp.vdot(r, r)
        p = r_new + beta * p
        callback(pp, {"i": i + 1, "residual": jnp.linalg.norm(r_new) * r_new / jnp.linalg.norm(r_new)})
        return {"x": x, "r": r_new, "p": p, "iteration": i + 1}

    r0 = b - matvec(x0)
    init = {"x": x0, "r": r0, "p": r0, "iteration": jnp.int32(0)}
    return while_loop(cond, body, init)["x"]


if __name__ == "__main__":
    A = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 0.5], [0.0, 0.5, 2.0]])
    b = jnp.array([1.0, 2.0, 3.0])
    x = jax.jit(lambda b: static_cg(lambda v: A @ v, b, jnp.zeros(3)))(b)
    jax.effects_barrier()
    print("solution", x, "check", A @ x)
