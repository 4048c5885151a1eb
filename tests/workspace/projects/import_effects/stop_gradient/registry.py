"""A table other modules write their functions into."""
TABLE = {}


def get(name):
    return TABLE[name]
