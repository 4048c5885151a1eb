OPS = {}


def lookup(name):
    return OPS[name]
