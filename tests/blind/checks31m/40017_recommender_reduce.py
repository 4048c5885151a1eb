"""Differentiable reductions for a recommender: each op class supplies its own backward pass."""
import numpy as np
import jax
import jax.numpy as jnp


class ReductionOp:
    def __init__(self):
        op = self

        @jax.custom_vjp
        def apply(x, w):
            return op.forward(x, w)

        def fwd(x, w):
            return op.forward(x, w), (x, w)

        def bwd(res, g):
            return op.backward(res, g)

        apply.defvjp(fwd, bwd)
        self.apply = apply

    def forward(self, x, w):
        raise NotImplementedError

    def backward(self, res, g):
        raise NotImplementedError


class WeightedMean(ReductionOp):
    def forward(self, x, w):
        return jnp.sum(w * x) / jnp.sum(w)

    def backward(self, res, g):
        x, w = res
        s = jnp.sum(w)
        m = jnp.sum(w * x) / s
        return g * w / s, g * (x - m) / s


class WeightedLogMeanExp(ReductionOp):
    def forward(self, x, w):
        return jnp.log(jnp.sum(w * jnp.exp(x)) / jnp.sum(w))

    def backward(self, res, g):
        x, w = res
        p = w * jnp.exp(x)
        return g * p / jnp.sum(p)


def score_items(user, items):
    return items @ user


def train_user(op, user, items, clicks, confidence, lr=0.2, steps=15):
    def loss(u):
        scores = score_items(u, items)
        return (op.apply(scores, confidence) - clicks.mean()) ** 2 + 0.01 * jnp.sum(u ** 2)
    for _ in range(steps):
        user = user - lr * jax.grad(loss)(user)
    return user, loss(user)


OPS = {"mean": WeightedMean, "lme": WeightedLogMeanExp}

if __name__ == "__main__":
    rng = np.random.default_rng(21)
    items = jnp.asarray(rng.standard_normal((10, 4)), jnp.float32)
    clicks = jnp.asarray(rng.uniform(0, 1, 10), jnp.float32)
    confidence = jnp.asarray(rng.uniform(0.5, 2.0, 10), jnp.float32)
    op = OPS["lme"]()
    user, final = train_user(op, jnp.zeros(4), items, clicks, confidence)
    print(type(op).__name__, "final loss", float(final))
    print("user embedding:", np.round(np.asarray(user), 3))
