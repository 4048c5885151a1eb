# Models: a flax.linen residual stack with nn.remat'ed blocks that print per-block activation norms with jax.debug.callback, trained with optax value_and_grad.
import flax.linen as nn
import jax
import jax.numpy as jnp
import optax

NORMS = []


def _record_norm(block_idx, value):
    NORMS.append((int(block_idx), float(value)))


class Block(nn.Module):
    dim: int
    idx: int

    @nn.compact
    def __call__(self, h):
        y = nn.Dense(self.dim)(nn.LayerNorm()(h))
        jax.debug.callback(_record_norm, self.idx, jnp.linalg.norm(y))
        return h + nn.gelu(y)


class ResidualStack(nn.Module):
    dim: int = 6
    depth: int = 2

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.dim)(x)
        block_cls = nn.remat(Block)
        for i in range(self.depth):
            h = block_cls(dim=self.dim, idx=i)(h)
        return nn.Dense(1)(h)[..., 0]


def make_train_step(model, tx):
    def loss_fn(params, batch):
        pred = model.apply({"params": params}, batch["x"])
        loss = jnp.mean(optax.huber_loss(pred, batch["y"]))
        return loss, {"pred_std": jnp.std(pred)}

    @jax.jit
    def train_step(params, opt_state, batch):
        (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, batch)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss, aux

    return train_step


if __name__ == "__main__":
    rng = jax.random.PRNGKey(8)
    rx, ri = jax.random.split(rng)
    batch = {"x": jax.random.normal(rx, (16, 4))}
    batch["y"] = jnp.cos(batch["x"][:, 0])
    model = ResidualStack()
    params = model.init(ri, batch["x"][:2])["params"]
    tx = optax.chain(optax.clip_by_global_norm(1.0), optax.adam(3e-3))
    opt_state = tx.init(params)
    train_step = make_train_step(model, tx)
    for i in range(3):
        params, opt_state, loss, aux = train_step(params, opt_state, batch)
    jax.effects_barrier()
    print("loss", float(loss), "pred std", float(aux["pred_std"]), "norm records", len(NORMS))
