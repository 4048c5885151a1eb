"""Equinox attention-ish pooling with a softplus-positive temperature (custom VJP)."""
import jax
import jax.numpy as jnp
import equinox as eqx


@jax.custom_vjp
def positive(t):
    return jax.nn.softplus(t) + 1e-3


def _positive_fwd(t):
    return jax.nn.softplus(t) + 1e-3, t


def _positive_bwd(t, g):
    return g * jax.nn.sigmoid(t)


positive.defvjp(_positive_fwd, _positive_bwd)


class Pool(eqx.Module):
    proj: eqx.nn.Linear
    temperature: object

    def __call__(self, xs):
        scores = jax.vmap(self.proj)(xs)[:, 0]
        weights = jax.nn.softmax(scores / positive(jnp.asarray(self.temperature)))
        return weights @ xs


def loss(model, xs, target):
    return jnp.sum((model(xs) - target) ** 2)


if __name__ == "__main__":
    key = jax.random.PRNGKey(2)
    model = Pool(eqx.nn.Linear(3, 1, key=key), 0.7)
    xs = jnp.arange(12.0).reshape(4, 3) / 12.0
    target = jnp.ones(3)
    grads = eqx.filter_grad(loss)(model, xs, target)
    model = eqx.apply_updates(model, jax.tree_util.tree_map(lambda g: -0.1 * g, grads))
    print(loss(model, xs, target))
