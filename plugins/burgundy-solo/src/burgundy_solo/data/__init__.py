"""Data of the solo module: the boards 13a/13b and the depot slot order."""
