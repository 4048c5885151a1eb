from linops.backends import BACKENDS


def make_operator(kind, **kw):
    return BACKENDS[kind](**kw)
