from __future__ import annotations

from dataclasses import dataclass
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clipped_relu(x):
    return jnp.clip(x, 0.0, 6.0)

def _crelu_fwd(x):
    return clipped_relu(x), x

def _crelu_bwd(x, g):
    return (jnp.where((x > 0.0) & (x < 6.0), g, 0.0),)

clipped_relu.defvjp(_crelu_fwd, _crelu_bwd)


@dataclass(frozen=True, kw_only=True, slots=True)
class LayerCfg:
    act: str = "tanh"
    width: int = 4


def activation(cfg: LayerCfg):
    match cfg:
        case LayerCfg(act="tanh"):
            return jnp.tanh
        case LayerCfg(act="relu6"):
            return clipped_relu
        case LayerCfg(act=other):
            raise ValueError(f"unknown activation {other!r}")


def layer(cfg: LayerCfg, x):
    act = activation(cfg)
    return jnp.sum(act(x * jnp.arange(1.0, cfg.width + 1)))


cfgs = [LayerCfg(), LayerCfg(act="relu6", width=3)]
x = jnp.float32(0.7)
for cfg in cfgs:
    g = jax.grad(layer, argnums=1)(cfg, x)
    print(f"{cfg.act:>6}: value={layer(cfg, x):.4f} grad={g:.4f}")

curv = {c.act: jax.hessian(layer, argnums=1)(c, x) for c in cfgs}
print(curv)
