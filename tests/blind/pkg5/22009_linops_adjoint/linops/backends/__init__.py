BACKENDS = {}


def backend(name):
    def deco(cls):
        BACKENDS[name] = cls
        return cls
    return deco


from . import dense, scipy_csr  # noqa: E402,F401
