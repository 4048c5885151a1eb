"""Portfolio risk engine; the ledger can be switched into sequential mode for replay."""
import numpy as np
import jax
import jax.numpy as jnp
from jax.experimental import io_callback


class Ledger:
    sequential = False
    entries = []

    @classmethod
    def post(cls, pnl):
        def _write(v):
            cls.entries.append(np.asarray(v).copy())
            return np.zeros((), np.float32)

        io_callback(_write, jax.ShapeDtypeStruct((), jnp.float32), pnl,
                    ordered=cls.sequential)
        return pnl


class replay_mode:
    """Within this block the ledger keeps the order of postings."""

    def __enter__(self):
        self._saved = Ledger.sequential
        Ledger.sequential = True
        return self

    def __exit__(self, *exc):
        Ledger.sequential = self._saved
        return False


def portfolio_pnl(weights, returns):
    daily = returns @ weights
    pnl = jnp.sum(daily)
    return Ledger.post(pnl)


def value_at_risk(returns, alpha=0.05):
    losses = -returns
    return jnp.quantile(losses, 1 - alpha)


def scenario_table(weights_batch, returns):
    return jax.vmap(portfolio_pnl, in_axes=(0, None))(weights_batch, returns)


def make_market(n_days=30, n_assets=4, seed=7):
    rng = np.random.default_rng(seed)
    drift = rng.normal(0.0005, 0.0002, n_assets)
    vol = rng.uniform(0.01, 0.03, n_assets)
    return jnp.asarray(drift + vol * rng.standard_normal((n_days, n_assets)), jnp.float32)


if __name__ == "__main__":
    market = make_market()
    weights = jnp.asarray(np.random.default_rng(1).dirichlet(np.ones(4), size=5), jnp.float32)
    print("VaR per asset:", np.asarray(jax.vmap(value_at_risk, in_axes=1)(market)))
    with replay_mode():
        single = portfolio_pnl(weights[0], market)
    table = scenario_table(weights, market)
    print("first portfolio pnl:", float(single))
    print("scenario pnl:", np.asarray(table))
    print("ledger size:", len(Ledger.entries))
