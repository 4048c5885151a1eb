RHS = {}


def register_rhs(name):
    def deco(fn):
        RHS[name] = fn
        return fn
    return deco
