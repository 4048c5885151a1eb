"""optax's gradient transformations built from the program's own functions
(`optax.GradientTransformation(init, update)`, `optax.chain`): `model.py`, registered by
`jax/overlay.py`. It adds no row to the API tables."""
