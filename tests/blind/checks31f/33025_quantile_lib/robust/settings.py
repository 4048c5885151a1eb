"""Package-wide defaults."""
DEFAULT_LO = 0.1
DEFAULT_HI = 0.9
# each row is processed independently, so the callback can see the whole batch at once
CALLBACK_OPTIONS = {"vmap_method": "legacy_vectorized"}
