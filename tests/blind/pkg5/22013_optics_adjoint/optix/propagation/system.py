import functools

from optix.experimental import fastops


def _apply(field, shift, attenuation):
    return attenuation * fastops.fast_shift(field, shift)


def build_system(shift, attenuation):
    return functools.partial(_apply, shift=shift, attenuation=attenuation)
