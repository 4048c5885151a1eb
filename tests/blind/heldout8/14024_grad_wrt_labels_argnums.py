import jax
import jax.numpy as jnp
import optax
import flax.linen as nn


class Tiny(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(3)(x)


def loss_fn(params, x, labels, model):
    logits = model.apply(params, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


model = Tiny()
x = jnp.ones((4, 2))
labels = jnp.array([0, 2, 1, 1])
params = model.init(jax.random.PRNGKey(0), x)
# also want d loss / d inputs for a saliency map
grad_fn = jax.grad(loss_fn, argnums=(0, 1, 2))
gp, gx, _ = grad_fn(params, x, labels, model)
print(gx)
