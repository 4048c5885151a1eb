from ..registry import regime


@regime("laminar")
def hagen_poiseuille(Re, rel_rough):
    return 64.0 / Re
