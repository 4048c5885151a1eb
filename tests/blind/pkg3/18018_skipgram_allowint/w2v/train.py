import jax
import jax.numpy as jnp

TRAINABLE = ("emb", "ctx")


def make_update(loss_fn, lr=0.5):
    grad_fn = jax.value_and_grad(loss_fn, allow_int=True)

    @jax.jit
    def update(params, *batch):
        loss, grads = grad_fn(params, *batch)
        new = {k: params[k] - lr * grads[k] for k in TRAINABLE}
        new["step"] = params["step"] + 1
        return new, loss
    return update
