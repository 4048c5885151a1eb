def __getattr__(name):
    if name == "new_params":
        from .layers.lookup.core import new_params
        return new_params
    if name == "fit":
        from .fit.sgd import fit
        return fit
    raise AttributeError(name)
