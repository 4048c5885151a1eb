REGIMES = []


def regime(upper_reynolds):
    """Register a friction correlation valid below `upper_reynolds`."""
    def deco(fn):
        REGIMES.append((upper_reynolds, fn))
        REGIMES.sort(key=lambda item: item[0])
        return fn
    return deco
