"""flax linen classifier with a gradient-clipping identity on a hidden layer."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


@jax.custom_vjp
def grad_clip(x):
    return x


def _clip_fwd(x):
    return x, None


def _clip_bwd(_, g):
    return jnp.clip(g, -0.5, 0.5)


grad_clip.defvjp(_clip_fwd, _clip_bwd)


class Classifier(nn.Module):
    hidden: int = 16
    classes: int = 3

    def setup(self):
        self.dense1 = nn.Dense(self.hidden)
        self.dense2 = nn.Dense(self.classes)

    def __call__(self, x):
        h = nn.relu(grad_clip(self.dense1(x)))
        return self.dense2(h)


def loss_fn(params, model, x, labels):
    logits = model.apply(params, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@jax.jit
def train_step(params, opt_state, x, labels):
    loss, grads = jax.value_and_grad(loss_fn)(params, MODEL, x, labels)
    updates, opt_state = TX.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss


MODEL = Classifier()
TX = optax.sgd(0.1)

if __name__ == "__main__":
    x = jax.random.normal(jax.random.PRNGKey(0), (8, 4))
    labels = jnp.arange(8) % 3
    params = MODEL.init(jax.random.PRNGKey(1), x)
    opt_state = TX.init(params)
    for _ in range(2):
        params, opt_state, loss = train_step(params, opt_state, x, labels)
    print("loss", loss)
