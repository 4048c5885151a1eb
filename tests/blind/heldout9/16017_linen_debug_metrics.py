# flax linen regression with host-side metric printing via jax.debug.callback
import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax


class MLP(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, x):
        x = nn.tanh(nn.Dense(self.features)(x))
        return nn.Dense(1)(x).squeeze(-1)


def report(step, loss, grad_norm):
    print(f"step {int(step):3d}  loss {float(loss):.4f}  |g| {float(grad_norm):.3f}")


model = MLP()
rng = jax.random.PRNGKey(42)
xs = jnp.linspace(-2, 2, 32)[:, None]
ys = jnp.sin(2 * xs[:, 0])
params = model.init(rng, xs)
tx = optax.adam(1e-2)
opt_state = tx.init(params)


def loss_fn(params, step):
    pred = model.apply(params, xs)
    loss = jnp.mean((pred - ys) ** 2)
    jax.debug.callback(report, step, loss, jnp.float32(np.nan))
    return loss


@jax.jit
def train_step(params, opt_state, step):
    loss, grads = jax.value_and_grad(loss_fn)(params, step)
    gnorm = optax.global_norm(grads)
    jax.debug.callback(report, step, loss, gnorm)
    updates, opt_state = tx.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state


for i in range(3):
    params, opt_state = train_step(params, opt_state, i)
