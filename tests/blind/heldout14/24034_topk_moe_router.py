"""Top-2 mixture-of-experts layer with an auxiliary load-balancing loss.
Routing indices from lax.top_k and argmax are integers; gradients flow
only through the gate values."""
import jax
import jax.numpy as jnp
from jax import lax

N_EXPERTS, D = 4, 3


def init(key):
    k1, k2 = jax.random.split(key)
    return {"router": jax.random.normal(k1, (D, N_EXPERTS)) * 0.5,
            "experts": jax.random.normal(k2, (N_EXPERTS, D, D)) * 0.5}


def moe(params, x):
    logits = x @ params["router"]
    gate_vals, expert_idx = lax.top_k(jax.nn.softmax(logits), 2)
    gate_vals = gate_vals / gate_vals.sum(-1, keepdims=True)
    chosen = params["experts"][expert_idx]                 # [B, 2, D, D]
    outs = jnp.einsum("bkij,bj->bki", chosen, x)
    y = jnp.einsum("bk,bki->bi", gate_vals, outs)
    top1 = jnp.argmax(logits, axis=-1)
    load = jnp.bincount(top1, length=N_EXPERTS) / x.shape[0]
    importance = jax.nn.softmax(logits).mean(0)
    aux = N_EXPERTS * jnp.sum(load * importance)
    return y, aux, expert_idx


def loss(params, x, y_true):
    y, aux, idx = moe(params, x)
    return jnp.mean((y - y_true) ** 2) + 0.01 * aux, idx


if __name__ == "__main__":
    params = init(jax.random.PRNGKey(0))
    x = jax.random.normal(jax.random.PRNGKey(1), (5, D))
    y_true = jnp.roll(x, 1, axis=-1)
    grad_fn = jax.jit(jax.value_and_grad(loss, has_aux=True))
    for _ in range(3):
        (l, idx), g = grad_fn(params, x, y_true)
        params = jax.tree.map(lambda p, d: p - 0.1 * d, params, g)
        print(float(l), idx[:, 0])
