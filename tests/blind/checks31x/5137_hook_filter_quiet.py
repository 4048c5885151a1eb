"""Hook registry with per-hook filters; hooks registered by decorator and run from a host."""
import numpy as np
import jax
import jax.numpy as jnp

_HOOKS = []


def on_event(kind, when=lambda v: True):
    def register(fn):
        _HOOKS.append((kind, when, fn))
        return fn
    return register


def fire(kind, value):
    out = []
    for k, cond, fn in _HOOKS:
        if k == kind and cond(value):
            out.append(fn(value))
    return out


@on_event("loss")
def remember(v):
    return ("loss", v)


@on_event("loss", when=lambda v: v > 5.0)
def alarm(v):
    return ("alarm", float(jnp.log(v)))


def loss_host(loss):
    value = float(np.asarray(loss))
    fire("loss", value)
    return np.float32(value)


def model(params, x):
    return jnp.sum(params["a"] * x ** 2 + params["c"])


def report(loss):
    return jax.pure_callback(loss_host, jax.ShapeDtypeStruct((), jnp.float32), loss)


@jax.jit
def evaluate(params, x):
    loss = model(params, x)
    return report(loss)


if __name__ == "__main__":
    params = {"a": jnp.float32(0.2), "c": jnp.float32(0.1)}
    x = jnp.array([1.0, 2.0], dtype=jnp.float32)
    print("loss", float(evaluate(params, x)))
