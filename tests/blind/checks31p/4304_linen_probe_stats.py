"""Linen regressor that reports activation statistics to the host during training."""
from typing import Sequence

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax

ACTIVATION_LOG = []


def _record_activations(name, acts):
    acts = np.asarray(acts)
    spread = float(np.std(acts))
    ACTIVATION_LOG.append((str(name), float(acts.mean()), spread))


class ProbedMLP(nn.Module):
    widths: Sequence[int]
    probe_every_layer: bool = True

    def setup(self):
        self.layers = [nn.Dense(w) for w in self.widths]
        self.head = nn.Dense(1)

    def __call__(self, x):
        for i, layer in enumerate(self.layers):
            x = nn.gelu(layer(x))
            if self.probe_every_layer:
                jax.debug.callback(_record_activations, i, x)
        return self.head(x).squeeze(-1)


def make_data(key, n=16, d=3):
    kx, kn = jax.random.split(key)
    x = jax.random.normal(kx, (n, d))
    y = jnp.sin(x).sum(-1) + 0.05 * jax.random.normal(kn, (n,))
    return x, y


def main():
    model = ProbedMLP(widths=(8, 8))
    x, y = make_data(jax.random.PRNGKey(0))
    params = model.init(jax.random.PRNGKey(1), x)
    tx = optax.adam(1e-2)
    opt_state = tx.init(params)

    @jax.jit
    def train_step(params, opt_state):
        def loss_fn(p):
            return optax.l2_loss(model.apply(p, x), y).mean()
        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    for _ in range(3):
        params, opt_state, loss = train_step(params, opt_state)
    jax.effects_barrier()
    print("loss", float(loss), "probes", len(ACTIVATION_LOG))


if __name__ == "__main__":
    main()
