from .lookup import bracket_rates, bracket_offsets, BRACKETS
