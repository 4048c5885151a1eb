"""Domain-adversarial head: the feature extractor sees reversed domain gradients."""
import functools

import jax
import jax.numpy as jnp
import equinox as eqx


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def reverse_gradient(x, lam):
    return x


def _rev_fwd(x, lam):
    return x, None


def _rev_bwd(lam, _res, g):
    return (-lam * g, None)


reverse_gradient.defvjp(_rev_fwd, _rev_bwd)


class DANN(eqx.Module):
    features: eqx.nn.Linear
    domain_head: eqx.nn.Linear
    lam: float = eqx.field(static=True)

    def __init__(self, key, lam=0.5):
        k1, k2 = jax.random.split(key)
        self.features = eqx.nn.Linear(4, 8, key=k1)
        self.domain_head = eqx.nn.Linear(8, 1, key=k2)
        self.lam = lam

    def __call__(self, x):
        h = jax.nn.relu(self.features(x))
        return self.domain_head(reverse_gradient(h, self.lam))[0]


@eqx.filter_value_and_grad
def domain_loss(model, xs, domains):
    logits = jax.vmap(model)(xs)
    return jnp.mean(jnp.logaddexp(0.0, logits) - domains * logits)


model = DANN(jax.random.PRNGKey(0))
xs = jax.random.normal(jax.random.PRNGKey(1), (6, 4))
domains = jnp.array([0.0, 1.0, 0.0, 1.0, 1.0, 0.0])
loss, grads = domain_loss(model, xs, domains)
print(loss)
