import jax

from .unrolled import unrolled_descent


def _fwd(grad_fn, theta, num_steps):
    w = unrolled_descent(grad_fn, theta, num_steps)
    return w, (theta, w)


def _bwd(grad_fn, num_steps, res, w_bar):
    theta, w = res
    # one-step (truncated) adjoint: differentiate the last update only
    _, vjp_theta = jax.vjp(lambda t: w - 0.1 * grad_fn(t, w), theta)
    (theta_bar,) = vjp_theta(w_bar)
    return (theta_bar,)


def attach_adjoint():
    unrolled_descent.defvjp(_fwd, _bwd)
