"""Thin acquisition layer over a (simulated) thermocouple bench."""
from .devices import *
from .acquire import *
