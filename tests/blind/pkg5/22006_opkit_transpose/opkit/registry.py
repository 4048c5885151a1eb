_PLUGINS = {}


def plugin(name):
    def wrap(cls):
        _PLUGINS[name] = cls
        return cls
    return wrap


def get_backend(name):
    return _PLUGINS[name]
