from .iterative.fixed_point import solve_equilibrium
