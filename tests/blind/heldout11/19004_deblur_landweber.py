# Models: a linear blur operator written in jnp, adjoint via jax.linear_transpose, with a host-side progress logger
import numpy as np
import jax
import jax.numpy as jnp

taps = jnp.array([0.25, 0.5, 0.25], dtype=jnp.float32)
history = []


def _record(it, norm):
    history.append((int(it), float(norm)))


def blur_op(sig):
    return jnp.convolve(sig, taps, mode="same")


def scaled(sig, gain=2.0):
    return gain * blur_op(sig)


def make_adjoint(like):
    return jax.linear_transpose(scaled, like)


@jax.jit
def report(it, r):
    jax.debug.callback(_record, it, jnp.linalg.norm(r))
    return r


def solve(y, iters=3, lr=0.2):
    adjoint = make_adjoint(jnp.zeros_like(y))
    x = jnp.zeros_like(y)
    for it in range(iters):
        r = report(it, scaled(x) - y)
        (grad_x,) = adjoint(r)
        x = x - lr * grad_x
    return x


if __name__ == "__main__":
    y = jnp.array([0.0, 1.0, 3.0, 1.0, 0.0, 0.0, 2.0, 0.0], jnp.float32)
    xs = solve(y)
    jax.effects_barrier()
    print(xs, history)
