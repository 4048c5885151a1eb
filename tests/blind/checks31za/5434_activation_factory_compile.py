"""Activation factory: options accumulate on a builder, compile() picks the rule."""
import jax
import jax.numpy as jnp


def _smooth_clip(x, c):
    return c * jnp.tanh(x / c)


def _rule_with_tangents(c):
    def rule(primals, tangents):
        (x,), (tx,) = primals, tangents
        y = _smooth_clip(x, c)
        return y, (1.0 - (y / c) ** 2) * tx
    return rule


def _rule_straight(c):
    def rule(primals):
        (x,) = primals
        return _smooth_clip(x, c), jnp.ones_like(x)
    return rule


class ActivationFactory:
    def __init__(self):
        self.cap = 1.0
        self.grad_mode = "exact"

    def with_cap(self, cap):
        self.cap = cap
        return self

    def exact_gradient(self):
        self.grad_mode = "exact"
        return self

    def straight_through(self):
        self.grad_mode = "straight"
        return self

    def compile(self):
        c = self.cap
        fn = jax.custom_jvp(lambda x: _smooth_clip(x, c))
        if self.grad_mode == "exact":
            fn.defjvp(_rule_with_tangents(c))
        else:
            fn.defjvp(_rule_straight(c))
        return fn


act = ActivationFactory().exact_gradient().with_cap(2.0).straight_through().compile()


def mlp(params, x):
    h = act(params["w1"] @ x)
    return jnp.sum(params["w2"] * h)


if __name__ == "__main__":
    params = {"w1": jnp.eye(3) * 1.5, "w2": jnp.array([1.0, -1.0, 0.5])}
    x = jnp.array([0.2, 1.7, -3.0])
    print(mlp(params, x))
    print(jax.grad(mlp)(params, x)["w2"])
