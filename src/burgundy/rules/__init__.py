"""The rules of the base game, one module per concept, as the rulebook orders them.

``setup`` (game and phase set-up), ``phases`` (rounds, turns, phase end), ``dice`` (die
values and worker costs), ``turn`` (the die actions and the purchase), ``take`` (taking
hexes into storage), ``place`` (placing hexes), ``effects`` (what a placed hex does),
``sell`` (selling goods), ``scoring`` (regions, colours, animals, final scoring, winners),
``income`` (silver, workers, VP), and ``engine`` (the compiled dispatch).
"""
