# The table interpolator accepts any number of points at once.
VECTORISE = True
