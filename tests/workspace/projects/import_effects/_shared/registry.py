"""A table of functions filled by decorators of the modules that import it."""
_TABLE = {}


def register(name):
    def deco(fn):
        _TABLE[name] = fn
        return fn
    return deco


def get(name):
    return _TABLE[name]
