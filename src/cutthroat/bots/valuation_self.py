# ruff: noqa: E501
"""How hands end with the expert at the table, measured by
``bench/valuation_table.py --expert`` (do not edit by hand).

120 deals of the expert (``aware=False``) against two intermediate bots, each
played three times with the expert in each seat (seed 777000), standard rules.
For each position of the expert counted from the dealer (0 the dealer, 1 his
left, 2 his right), the frequencies of ``OUTCOMES`` of
:mod:`cutthroat.bots.valuation_table`, shrunk towards the intermediate bots'
``OVERALL`` with 40 pseudo-hands."""

SELF = {
    0: (0.00286, 0.03803, 0.00000, 0.00000, 0.31252, 0.09726, 0.27021, 0.02233, 0.11497, 0.04037, 0.08804, 0.01341),  # 1082 hands
    1: (0.03215, 0.06188, 0.00000, 0.00000, 0.20039, 0.08981, 0.17156, 0.00005, 0.18738, 0.05177, 0.20141, 0.00359),  # 1086 hands
    2: (0.01686, 0.02781, 0.00088, 0.00088, 0.29556, 0.09756, 0.29164, 0.00356, 0.12730, 0.04591, 0.09200, 0.00004),  # 1099 hands
}
"""How hands end, by the expert's position from the dealer."""
