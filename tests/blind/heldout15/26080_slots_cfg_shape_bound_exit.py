from dataclasses import dataclass
import jax
import jax.numpy as jnp
from jax import lax


@dataclass(frozen=True, slots=True)
class Cfg:
    gamma: float = 0.95
    n: int = 6


def discounted_return(rewards, *, cfg: Cfg):
    def body(i, acc):
        return acc + cfg.gamma ** i * rewards[i]
    return lax.fori_loop(0, rewards.shape[0], body, jnp.zeros((), rewards.dtype))


def main() -> int:
    cfg = Cfg()
    r = jnp.linspace(0.0, 1.0, cfg.n)
    if r.ndim != 1:
        return 1
    ret = jax.jit(lambda x: discounted_return(x, cfg=cfg))(r)
    g = jax.jit(jax.grad(lambda x: discounted_return(x, cfg=cfg)))(r)
    assert g.shape == r.shape, g.shape
    print(f"return={float(ret):.4f}", g)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
