from . import explain
from .models import make_model
