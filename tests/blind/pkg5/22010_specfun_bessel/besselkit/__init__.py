import importlib

_IMPL = "besselkit.core.table"


def __getattr__(name):
    if name == "lookup":
        mod = importlib.import_module(_IMPL)
        return mod.lookup
    raise AttributeError(name)
