"""dataclasses.replace makes an ordered variant, but the vmapped step uses the original."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

TOTALS = []


def _record(t):
    TOTALS.append(float(np.asarray(t)))


@dataclasses.dataclass(frozen=True)
class LogConfig:
    tag: str = "run"
    ordered: bool = False

    def audited(self):
        return dataclasses.replace(self, ordered=True)


def make_step(cfg):
    def step(x):
        y = jnp.tanh(x)
        io_callback(_record, None, jnp.sum(y), ordered=cfg.ordered)
        return y
    return step


def main():
    base = LogConfig()
    strict = base.audited()
    step = make_step(base)
    print(strict.tag, jax.vmap(step)(jnp.ones((2, 3))).shape, len(TOTALS))


if __name__ == "__main__":
    main()
