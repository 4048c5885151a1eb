ACTIVATIONS = {}


def register(name):
    def deco(fn):
        ACTIVATIONS[name] = fn
        return fn
    return deco


def get(name):
    return ACTIVATIONS[name]
