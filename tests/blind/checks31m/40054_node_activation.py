"""Neural ODE activations defined through abstract tangent hooks."""
import abc
import numpy as np
import jax
import jax.numpy as jnp


class Activation(abc.ABC):
    def __init__(self):
        fn = jax.custom_jvp(self.value)
        fn.defjvp(self.rule)
        self.fn = fn

    @abc.abstractmethod
    def value(self, x):
        ...

    @abc.abstractmethod
    def tangent(self, x, t):
        ...

    def rule(self, primals, tangents):
        (x,), (t,) = primals, tangents
        return self.value(x), self.tangent(x, t)


class Swish(Activation):
    def value(self, x):
        return x * jax.nn.sigmoid(x)

    def tangent(self, x, t):
        s = jax.nn.sigmoid(x)
        return (s + x * s * (1 - s)) * t


class GatedSwish(Activation):
    def value(self, x):
        return x * jax.nn.sigmoid(x)

    def tangent(self, x, t):
        s = jax.nn.sigmoid(x)
        gate = s * (1 - s)
        return s * t + x * gate * t, gate


def vector_field(params, y, act):
    W1, b1, W2 = params
    return W2 @ act.fn(W1 @ y + b1)


def integrate(params, y0, act, dt=0.1, steps=10):
    def step(y, _):
        k1 = vector_field(params, y, act)
        k2 = vector_field(params, y + 0.5 * dt * k1, act)
        return y + dt * k2, None
    y, _ = jax.lax.scan(step, y0, None, length=steps)
    return y


def make_params(seed=3, d=2, h=8):
    k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
    return (0.5 * jax.random.normal(k1, (h, d)), jnp.zeros(h), 0.5 * jax.random.normal(k2, (d, h)))


if __name__ == "__main__":
    act = GatedSwish()
    params = make_params()
    y0, target = jnp.array([1.0, 0.0]), jnp.array([0.0, 1.0])
    loss = lambda p: jnp.sum((integrate(p, y0, act) - target) ** 2)
    for it in range(10):
        val, g = jax.value_and_grad(loss)(params)
        params = jax.tree_util.tree_map(lambda a, b: a - 0.3 * b, params, g)
    print(type(act).__name__, "loss:", float(val))
