"""attrs: an `@attrs.define` / `@attrs.frozen` / `@attr.s` class is a record class whose
construction (defaults, converters, aliases), `attrs.evolve` and `attrs.asdict` `model.py`
computes (registered by `jax/overlay.py`). It adds no row to the API tables."""
