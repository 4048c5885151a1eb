import jax
import jax.numpy as jnp

_hooks = {}


def on_event(name):
    def register(fn):
        _hooks.setdefault(name, []).append(fn)
        return fn
    return register


def dispatch(name, *payload):
    for fn in _hooks.get(name, []):
        fn(*payload)


@jax.custom_jvp
def softplus_t(x, beta):
    return jnp.logaddexp(beta * x, 0.0) / beta


def tuple_tangent_rule(primals, tangents):
    x, beta = primals
    dx, _ = tangents
    y = softplus_t(x, beta)
    return y, (jax.nn.sigmoid(beta * x) * dx,)


def scalar_tangent_rule(primals, tangents):
    x, beta = primals
    dx, _ = tangents
    y = softplus_t(x, beta)
    return y, jax.nn.sigmoid(beta * x) * dx


@on_event("setup")
def install_exact(fn):
    fn.defjvp(scalar_tangent_rule)


@on_event("setup")
def install_fast(fn):
    fn.defjvp(tuple_tangent_rule)


def regression_loss(w, x, y):
    pred = softplus_t(w * x, 2.0)
    return jnp.mean((pred - y) ** 2)


if __name__ == "__main__":
    dispatch("setup", softplus_t)
    x = jnp.linspace(-1.0, 1.0, 5, dtype=jnp.float32)
    y = jnp.maximum(x, 0.0)
    print("grad", float(jax.grad(regression_loss)(jnp.float32(1.5), x, y)))
