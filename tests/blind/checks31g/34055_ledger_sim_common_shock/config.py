"""Scenario configuration for the ledger stress test."""
from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class SimConfig:
    n_scenarios: int = 3
    n_accounts: int = 4
    n_steps: int = 5
    rate: float = 0.01
    # axis of each argument of `engine.step` that varies across scenarios
    state_axis: int | None = 0
    shock_axis: int | None = None  # one market-wide shock for all scenarios


CONFIG = SimConfig()
