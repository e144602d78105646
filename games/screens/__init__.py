"""Each table's screens (games.tables: a Table's ``screens()``): what the views ask of a
game without asking which. A module here gives:

- ``table_context(request, table, posted, error_for)``: the deal screen's context;
  ``posted``: a refused form's fields, shown again;
- ``SHEET_TEMPLATE`` and ``sheet(table)``: the score sheet;
- ``correct(request, game, table, number)``: a played deal or round opened and changed;
- ``offline_state(table, context)``: what the phone needs to go on without a connection,
  in the table; ``ahead(request, table)``: the lookups and words fetched once the page is
  up (``AHEAD_FOLLOWS_GAME``: asked for again as the game goes on, not cached).
"""
