from .protocol import Operator
