import jax
import jax.numpy as jnp


def make_update(loss_fn, lr=0.5):
    @jax.jit
    def update(params, *batch):
        loss, grads = jax.value_and_grad(loss_fn)(params, *batch)
        new = {k: params[k] - lr * grads[k] for k in ("emb", "ctx")}
        new["step"] = params["step"] + 1
        return new, loss
    return update
