from dataclasses import dataclass


@dataclass(frozen=True)
class CallbackSpec:
    """How host callbacks in this package behave under vmap."""
    vectorized: bool | None = None
    sequential_fallback: bool = True

    def as_kwargs(self) -> dict:
        kw = {}
        if self.vectorized is not None:
            kw["vectorized"] = self.vectorized
        if self.sequential_fallback:
            kw["vmap_method"] = "sequential"
        return kw


# the Sellmeier formula broadcasts over any leading axes
DEFAULT_SPEC = CallbackSpec(vectorized=True)
