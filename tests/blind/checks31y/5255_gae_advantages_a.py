import functools
import inspect
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

events = []


def _note(v):
    v = np.asarray(v)
    events.append(float(v.max()))
    return v


def journaled(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        out = fn(*args, **kwargs)
        return io_callback(_note, jax.ShapeDtypeStruct(out.shape, out.dtype), out, ordered=True)
    return inner


@journaled
def gae(rewards, values, gamma=0.99, lam=0.95):
    deltas = rewards[:-1] + gamma * values[1:] - values[:-1]

    def body(carry, d):
        adv = d + gamma * lam * carry
        return adv, adv

    _, adv = jax.lax.scan(body, jnp.zeros((), rewards.dtype), deltas[::-1])
    return adv[::-1]


def batched_advantages(rew, val):
    kernel = gae
    return jax.vmap(kernel)(rew, val)



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
    rew = jnp.ones((3, 6), jnp.float32) * jnp.arange(1.0, 4.0)[:, None]
    val = jnp.zeros((3, 6), jnp.float32)
    adv = batched_advantages(rew, val)
    print(adv.shape, float(adv[0, 0]))
    print("single", gae(rew[0], val[0]).shape, "events", events)
