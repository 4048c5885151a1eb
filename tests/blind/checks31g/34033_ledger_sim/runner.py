import jax

from config import SimConfig
from engine import step


def simulate(balances0, shocks, cfg: SimConfig):
    batched_step = jax.vmap(step, in_axes=(cfg.state_axis, cfg.shock_axis, None))
    balances = balances0
    for _ in range(cfg.n_steps):
        balances = batched_step(balances, shocks, cfg.rate)
    return balances
