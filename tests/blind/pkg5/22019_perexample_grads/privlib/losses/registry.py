LOSSES = {}


def register(name):
    def deco(f):
        LOSSES[name] = f
        return f
    return deco


def get(name):
    return LOSSES[name]
