"""Equinox model with a custom-VJP RMS normalisation; complete backward rule, a few optax steps."""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax


@jax.custom_vjp
def rms_scale(x, gain, eps):
    return gain * x / jnp.sqrt(jnp.mean(x * x) + eps)


def rms_scale_fwd(x, gain, eps):
    r = jnp.sqrt(jnp.mean(x * x) + eps)
    return gain * x / r, (x, gain, r)


def rms_scale_bwd(res, g):
    x, gain, r = res
    n = x.shape[-1]
    gx = gain * g / r - x * jnp.sum(gain * g * x) / (n * r ** 3)
    return gx, g * x / r, None


rms_scale.defvjp(rms_scale_fwd, rms_scale_bwd)


class Net(eqx.Module):
    lin: eqx.nn.Linear
    gain: jax.Array

    def __init__(self, key):
        self.lin = eqx.nn.Linear(3, 3, key=key)
        self.gain = jnp.ones(3)

    def __call__(self, x):
        return rms_scale(self.lin(x), self.gain, 1e-5)


@eqx.filter_jit
def train_step(model, opt_state, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)

    loss, grads = eqx.filter_value_and_grad(loss_fn)(model)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(model, updates), opt_state, loss


model = Net(jax.random.PRNGKey(0))
optim = optax.sgd(0.1)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
for _ in range(2):
    model, opt_state, loss = train_step(model, opt_state, jnp.ones(3), jnp.zeros(3))
print(loss)
