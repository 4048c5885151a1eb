import jax
import jax.numpy as jnp
import optax
from models import Classifier
import writer

model = Classifier()
key = jax.random.PRNGKey(0)
x = jax.random.normal(key, (24, 4))
y = jnp.argmax(x[:, :3], axis=1)
params = model.init(key, x)
tx = optax.adam(1e-2)
opt_state = tx.init(params)


def loss_fn(p):
    logits = model.apply(p, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean(), logits


@jax.jit
def train_step(step, p, s):
    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(p)
    acc = jnp.mean(jnp.argmax(logits, -1) == y)
    writer.write_metrics(step, loss, acc)
    upd, s = tx.update(grads, s)
    return optax.apply_updates(p, upd), s


for step in range(5):
    params, opt_state = train_step(step, params, opt_state)
jax.effects_barrier()
print(writer.ROWS[-1])
