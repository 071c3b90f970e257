"""Packaged data of the outposts plugin."""
