from . import sink  # noqa: F401
