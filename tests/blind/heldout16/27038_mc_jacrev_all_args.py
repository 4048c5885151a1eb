"""Monte Carlo barrier option; a risk report takes the Jacobian w.r.t. every pricer input."""
import jax
import jax.numpy as jnp


def down_and_out(spot, vol, key, barrier=85.0, strike=100.0, n_paths=200, n_steps=16):
    dt = 1.0 / n_steps
    z = jax.random.normal(key, (n_paths, n_steps))
    log_s = jnp.log(spot) + jnp.cumsum(-0.5 * vol ** 2 * dt + vol * jnp.sqrt(dt) * z, axis=1)
    paths = jnp.exp(log_s)
    alive = jax.nn.sigmoid((paths.min(axis=1) - barrier) * 2.0)
    return jnp.mean(alive * jnp.maximum(paths[:, -1] - strike, 0.0))


def risk_report(pricer, *inputs):
    sens = jax.jacrev(pricer, argnums=tuple(range(len(inputs))))(*inputs)
    return dict(zip(["spot", "vol", "key"], sens))


mkt_key = jax.random.key(11)
print(down_and_out(100.0, 0.3, mkt_key))
print(risk_report(down_and_out, 100.0, 0.3, mkt_key))
