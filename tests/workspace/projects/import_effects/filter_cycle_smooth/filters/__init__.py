"""A filter registry whose `__init__` imports its filter modules at its end; they import the
registering decorator back from the package while it is still loading (an import cycle)."""
FILTERS = {}


def register(name):
    def deco(fn):
        FILTERS[name] = fn
        return fn
    return deco


from . import host, smooth  # noqa: E402,F401
