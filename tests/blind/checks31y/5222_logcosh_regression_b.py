import functools
import inspect
import jax
import jax.numpy as jnp


@jax.custom_jvp
def log_cosh(x):
    return jnp.logaddexp(x, -x) - jnp.log(2.0)


@log_cosh.defjvp
def _cosh_rule(primals, tangents):
    (x,), (dx,) = primals, tangents
    return log_cosh(x), [jnp.tanh(x) * dx]


def with_smooth_grad(fn):
    guarded = jax.custom_vjp(lambda x: fn(x))

    def fwd(x):
        return fn(x), x

    def bwd(x, g):
        return (g * jnp.tanh(x),)

    guarded.defvjp(fwd, bwd)
    functools.update_wrapper(guarded, fn)
    return guarded


robust_loss = with_smooth_grad(log_cosh)


def residual_loss(theta, xs, ys):
    core = robust_loss.__wrapped__
    r = ys - theta * xs
    return jnp.sum(core(r))



def trapezoid(ys, xs):
    """Trapezoidal rule on a 1-d grid."""
    dx = xs[1:] - xs[:-1]
    return jnp.sum(0.5 * dx * (ys[1:] + ys[:-1]))


def finite_diff(f, x, h=1e-3):
    return (f(x + h) - f(x - h)) / (2.0 * h)


def check_close(name, a, b, tol=1e-3):
    err = float(jnp.max(jnp.abs(jnp.asarray(a) - jnp.asarray(b))))
    status = "ok" if err < tol else "MISMATCH"
    return f"{name}: {status} (max err {err:.2e})"


if __name__ == "__main__":
    xs = jnp.array([1.0, 2.0, 3.0, 4.0], jnp.float32)
    ys = jnp.array([1.2, 1.9, 3.4, 3.8], jnp.float32)
    print("grad", float(jax.grad(residual_loss)(jnp.float32(0.5), xs, ys)))
