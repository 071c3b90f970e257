"""The core's data files (package data, read through :mod:`importlib.resources`): the
duchy boards (``boards.json``), the main board (``mainboard.json``), the tiles
(``tiles.json``) and the expert bot's weights (``expert-weights.json``). No code lives here.
"""
