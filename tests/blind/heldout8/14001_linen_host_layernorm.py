"""Flax linen MLP whose normalisation statistics come from a host-side numpy routine."""
import numpy as np
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax


def _host_rms(h):
    # pretend this is a vendored C kernel
    h = np.asarray(h)
    return np.sqrt(np.mean(h * h, axis=-1, keepdims=True) + 1e-6).astype(h.dtype)


def host_rms(h):
    spec = jax.ShapeDtypeStruct(h.shape[:-1] + (1,), h.dtype)
    return jax.pure_callback(_host_rms, spec, h, vmap_method="sequential")


def jax_rms(h):
    return jnp.sqrt(jnp.mean(h * h, axis=-1, keepdims=True) + 1e-6)


class HostNormMLP(nn.Module):
    hidden: int = 16
    classes: int = 3

    @nn.compact
    def __call__(self, x, use_kernel):
        h = nn.Dense(self.hidden)(x)
        # the vendored kernel is only selected at eval time
        scale = jax.lax.cond(use_kernel, host_rms, jax_rms, h)
        h = nn.gelu(h / scale)
        return nn.Dense(self.classes)(h)


def make_step(model, tx):
    @jax.jit
    def step(params, opt_state, xb, yb):
        def loss_fn(p):
            logits = model.apply({"params": p}, xb, jnp.bool_(False))
            return optax.softmax_cross_entropy_with_integer_labels(logits, yb).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    return step


if __name__ == "__main__":
    rng = jax.random.PRNGKey(0)
    xb = jax.random.normal(rng, (8, 5))
    yb = jnp.arange(8) % 3
    model = HostNormMLP()
    params = model.init(rng, xb, jnp.bool_(True))["params"]
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)
    step = make_step(model, tx)
    for i in range(3):
        params, opt_state, loss = step(params, opt_state, xb, yb)
        print(i, float(loss))
