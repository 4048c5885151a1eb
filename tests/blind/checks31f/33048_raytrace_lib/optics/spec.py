from dataclasses import dataclass


@dataclass(frozen=True)
class CallbackSpec:
    """How host callbacks in this package behave under vmap."""
    vectorized: bool | None = None
    sequential_fallback: bool = True

    def as_kwargs(self) -> dict:
        if self.vectorized:
            return {"vmap_method": "expand_dims"}
        if self.sequential_fallback:
            return {"vmap_method": "sequential"}
        return {}


# the Sellmeier formula broadcasts over any leading axes
DEFAULT_SPEC = CallbackSpec(vectorized=True)
