"""nnx classifier whose router weights are audited on the host after every step."""
import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
import optax


class RouterAudit:
    def __init__(self):
        self.history = []

    def __call__(self, logits):
        logits = np.asarray(logits)
        probs = np.asarray(jax.nn.softmax(logits, axis=-1))
        self.history.append(probs.max(axis=-1).mean())


AUDIT = RouterAudit()


class Router(nnx.Module):
    def __init__(self, din, n_experts, rngs: nnx.Rngs):
        self.gate = nnx.Linear(din, n_experts, rngs=rngs)
        self.experts = nnx.Linear(din, n_experts, rngs=rngs)

    def __call__(self, x):
        logits = self.gate(x)
        jax.debug.callback(AUDIT, logits)
        weights = jax.nn.softmax(logits, axis=-1)
        return (weights * self.experts(x)).sum(-1)


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(m):
        return jnp.mean((m(x) - y) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


def batches(n_steps, rng):
    for _ in range(n_steps):
        x = rng.normal(size=(8, 4)).astype(np.float32)
        yield jnp.asarray(x), jnp.asarray(x.sum(1))


if __name__ == "__main__":
    model = Router(4, 3, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
    for x, y in batches(3, np.random.default_rng(0)):
        loss = train_step(model, optimizer, x, y)
    jax.effects_barrier()
    print(f"loss={float(loss):.4f}", [round(float(h), 3) for h in AUDIT.history])
