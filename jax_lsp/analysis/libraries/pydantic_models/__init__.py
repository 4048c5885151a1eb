"""pydantic (2.x): a `BaseModel` subclass is a record class whose construction, validation of
plain scalar fields and `model_*` methods `model.py` computes (registered by
`jax/overlay.py`). It adds no row to the API tables."""
