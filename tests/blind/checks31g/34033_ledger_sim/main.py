import jax
import jax.numpy as jnp

from audit import AUDITOR
from config import CONFIG
from runner import simulate


def build_inputs(cfg):
    key_b, key_s = jax.random.split(jax.random.key(7))
    balances0 = jax.random.uniform(key_b, (cfg.n_scenarios, cfg.n_accounts)) * 100.0
    shock_shape = (cfg.n_accounts,) if cfg.shock_axis is None else (cfg.n_scenarios, cfg.n_accounts)
    shocks = jax.random.normal(key_s, shock_shape)
    return balances0, shocks


if __name__ == "__main__":
    b0, shocks = build_inputs(CONFIG)
    final = simulate(b0, shocks, CONFIG)
    print(final.round(2))
    print("audited", len(AUDITOR.trail), "shocks")
