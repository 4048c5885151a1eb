REGIMES = {}


def regime(name):
    """Register a friction correlation under a name."""
    def deco(fn):
        REGIMES[name] = fn
        return fn
    return deco
