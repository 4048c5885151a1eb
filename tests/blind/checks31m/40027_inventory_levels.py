"""Inventory simulation; run options are layered defaults < site file < command overrides."""
from collections import ChainMap
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback

DEFAULTS = {"horizon": 26, "holding_cost": 0.2, "stockout_cost": 2.0, "sequenced_ledger": False}
SITE = {"holding_cost": 0.25, "sequenced_ledger": True}
OVERRIDES = {}

options = ChainMap(OVERRIDES, SITE, DEFAULTS)
SHIPMENTS = []


def _ledger(q):
    SHIPMENTS.append(np.asarray(q).item())
    return np.float32(0.0)


def order_up_to(level, demand):
    def week(stock, d):
        order = jnp.maximum(level - stock, 0.0)
        stock = stock + order - d
        cost = options["holding_cost"] * jnp.maximum(stock, 0.0) \
            + options["stockout_cost"] * jnp.maximum(-stock, 0.0)
        return jnp.maximum(stock, 0.0), (order, cost)
    _, (orders, costs) = jax.lax.scan(week, level, demand)
    io_callback(_ledger, jax.ShapeDtypeStruct((), jnp.float32), orders.sum(),
                ordered=options["sequenced_ledger"])
    return costs.sum()


def policy_costs(levels, demand):
    return jax.vmap(order_up_to, in_axes=(0, None))(levels, demand)


def seasonal_demand(horizon, seed=11):
    rng = np.random.default_rng(seed)
    base = 10 + 3 * np.sin(np.arange(horizon) * 2 * np.pi / 13)
    return jnp.asarray(np.maximum(base + rng.normal(0, 1.5, horizon), 0.0), jnp.float32)


if __name__ == "__main__":
    OVERRIDES.update({"stockout_cost": 3.0, "sequenced_ledger": False})
    demand = seasonal_demand(options["horizon"])
    levels = jnp.arange(8.0, 20.0, 2.0)
    costs = policy_costs(levels, demand)
    best = int(jnp.argmin(costs))
    print("costs:", np.round(np.asarray(costs), 2))
    print("best order-up-to level:", float(levels[best]))
    print("ledger entries:", len(SHIPMENTS))
