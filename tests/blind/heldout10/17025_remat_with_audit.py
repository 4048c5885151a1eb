"""Transformer-style feed-forward stack with rematerialisation and an optional
audit trail written on the host during evaluation runs."""
from dataclasses import dataclass
from functools import partial
from typing import List

import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

AUDIT: List[str] = []


@dataclass(frozen=True)
class StackConfig:
    depth: int = 3
    width: int = 8
    hidden: int = 16
    audit: bool = False


def _audit(layer, mean_act):
    AUDIT.append(f"layer={int(layer)} mean={float(mean_act):.4f}")


def ffn(params, h):
    w1, w2 = params
    return jax.nn.gelu(h @ w1) @ w2


def make_block(cfg: StackConfig, layer_idx: int):
    @jax.checkpoint
    def block(params, h):
        out = h + ffn(params, h)
        if cfg.audit:
            io_callback(_audit, None, layer_idx, jnp.mean(out), ordered=True)
        return out
    return block


class Stack:
    def __init__(self, cfg: StackConfig, key):
        self.cfg = cfg
        keys = jax.random.split(key, cfg.depth)
        self.params = [
            (jax.random.normal(k, (cfg.width, cfg.hidden)) * 0.2,
             jax.random.normal(jax.random.fold_in(k, 1), (cfg.hidden, cfg.width)) * 0.2)
            for k in keys]
        self.blocks = [make_block(cfg, i) for i in range(cfg.depth)]

    def apply(self, params, x):
        h = x
        for block, p in zip(self.blocks, params):
            h = block(p, h)
        return h

    def __call__(self, x):
        return self.apply(self.params, x)


def loss(stack, params, x, y):
    return jnp.mean((stack.apply(params, x) - y) ** 2)


def train(stack, x, y, steps=4, lr=0.1):
    grad_fn = jax.jit(partial(jax.grad(loss, argnums=1), stack))
    params = stack.params
    for _ in range(steps):
        g = grad_fn(params, x, y)
        params = jax.tree_util.tree_map(lambda a, b: a - lr * b, params, g)
    return params


if __name__ == "__main__":
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (4, 8))
    y = jnp.roll(x, 1, axis=-1)
    train_stack = Stack(StackConfig(audit=False), key)
    params = train(train_stack, x, y)
    print("train loss", float(loss(train_stack, params, x, y)))
    eval_stack = Stack(StackConfig(audit=True), key)
    out = jax.jit(eval_stack.apply)(params, x)
    jax.effects_barrier()
    print("eval output", float(jnp.mean(out)))
    print("\n".join(AUDIT))
