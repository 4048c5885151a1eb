from eqsolve.core.loops.picard import equilibrium
