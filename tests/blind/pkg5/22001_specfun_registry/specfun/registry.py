_KERNELS = {}


def register(name):
    def deco(fn):
        _KERNELS[name] = fn
        return fn
    return deco


def get_kernel(name):
    try:
        return _KERNELS[name]
    except KeyError:
        raise KeyError(f"unknown kernel {name!r}; have {sorted(_KERNELS)}")


def available():
    return sorted(_KERNELS)
