from . import fastops, _rules

fastops.fast_shift.defvjp(_rules.shift_fwd, _rules.shift_bwd)
