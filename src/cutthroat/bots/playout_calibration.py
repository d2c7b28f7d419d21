"""How hands solved exactly are really played, measured by
``bench/calibration_table.py`` (do not edit by hand).

2,400 hands of the expert against two intermediate bots, the expert in each
seat in turn (seed 555000), standard rules; hands with a player alone or a
defender playing for the maker left out."""

PLAYED = {
    True: (
        (7, 13, 1, 0, 0, 0),  # solved 0
        (2, 26, 18, 4, 0, 0),  # solved 1
        (0, 6, 42, 15, 1, 0),  # solved 2
        (0, 1, 4, 59, 8, 0),  # solved 3
        (0, 0, 0, 24, 60, 14),  # solved 4
        (0, 0, 0, 3, 4, 104),  # solved 5
    ),
    False: (
        (17, 47, 11, 0, 0, 0),  # solved 0
        (3, 69, 90, 4, 0, 0),  # solved 1
        (0, 22, 184, 39, 5, 0),  # solved 2
        (0, 0, 34, 207, 25, 1),  # solved 3
        (0, 0, 11, 91, 210, 27),  # solved 4
        (0, 0, 0, 5, 30, 219),  # solved 5
    ),
}
"""``PLAYED[the expert is maker][solved maker tricks][played maker tricks]``: how
many hands the solver gave so many tricks to the maker and the maker really took
so many."""
