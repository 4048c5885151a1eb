CONVERTERS = {}


def converter(name):
    return CONVERTERS[name]
