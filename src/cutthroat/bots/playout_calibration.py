"""How hands solved exactly are really played, measured by
``bench/calibration_table.py`` (do not edit by hand).

2,400 hands of the expert against two intermediate bots, the expert in each
seat in turn (seed 555000), standard rules; hands with a player alone or a
defender playing for the maker left out."""

PLAYED = {
    True: (
        (7, 15, 0, 0, 0, 0),  # solved 0
        (2, 26, 18, 5, 0, 0),  # solved 1
        (0, 4, 39, 18, 1, 0),  # solved 2
        (0, 0, 6, 59, 7, 0),  # solved 3
        (0, 0, 0, 26, 55, 17),  # solved 4
        (0, 0, 0, 1, 3, 107),  # solved 5
    ),
    False: (
        (16, 46, 12, 1, 0, 0),  # solved 0
        (2, 73, 89, 2, 0, 0),  # solved 1
        (0, 24, 194, 30, 2, 0),  # solved 2
        (0, 1, 39, 202, 23, 2),  # solved 3
        (0, 1, 10, 89, 211, 28),  # solved 4
        (0, 0, 0, 4, 32, 218),  # solved 5
    ),
}
"""``PLAYED[the expert is maker][solved maker tricks][played maker tricks]``: how
many hands the solver gave so many tricks to the maker and the maker really took
so many."""
