"""Settings shared by every test of the repository (core and plugins).

Hypothesis runs *derandomized* by default: every run of ``make test`` tries the same
examples, so a green run is repeatable and a red one reproduces (a test that fails one run
in twenty is a failing test). To explore new examples locally, run with
``HYPOTHESIS_PROFILE=explore`` (random examples, more of them, and the example database).
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", max_examples=1000, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
