"""Binary-weight dense layer trained with a straight-through estimator."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


@jax.custom_vjp
def binarize(w, threshold):
    return jnp.where(w > threshold, 1.0, -1.0)


def binarize_fwd(w, threshold):
    return binarize(w, threshold), w


def binarize_bwd(w, g):
    return g * (jnp.abs(w) <= 1.0)


binarize.defvjp(binarize_fwd, binarize_bwd)


class BinaryDense(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        kernel = self.param("kernel", nn.initializers.normal(0.5), (x.shape[-1], self.features))
        return x @ binarize(kernel, 0.0)


model = BinaryDense(2)
x = jnp.ones((4, 3))
y = jnp.zeros((4, 2))
params = model.init(jax.random.PRNGKey(0), x)
tx = optax.adam(1e-2)
opt_state = tx.init(params)


@jax.jit
def train_step(params, opt_state):
    def loss_fn(p):
        return jnp.mean((model.apply(p, x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


for _ in range(3):
    params, opt_state, loss = train_step(params, opt_state)
print(loss)
