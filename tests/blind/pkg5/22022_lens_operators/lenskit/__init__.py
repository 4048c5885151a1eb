import importlib as _il

_SUBMODULES = ("imaging",)


def __getattr__(name):
    if name in _SUBMODULES:
        return _il.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
