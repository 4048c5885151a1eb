"""`optax.apply_updates(params, updates)` and `eqx.apply_updates(model, updates)`: `model.py`,
registered by `jax/overlay.py`. It adds no row to the API tables."""
