from ..registry import regime


@regime(2300.0)
def hagen_poiseuille(Re, rel_rough):
    return 64.0 / Re
