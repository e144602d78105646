"""Each table's screens (games.tables: a Table's ``screens()``): what the views ask of a
game without asking which. A module here gives:

- ``preview(kind, rules, chosen, seated)``: what the new-session form shows of the options
  chosen (a `RuleError` if the table cannot play them);
- ``table_context(request, table, posted, error_for)``: the deal screen's context;
  ``posted``: a refused form's fields, shown again;
- ``SHEET_TEMPLATE`` and ``sheet(table)``: the score sheet;
- ``correct(request, game, table, number)``: a played deal or round opened and changed;
- ``spoken(context, action)``: one sentence, or None, for a screen reader after an entry;
- ``ENTRIES``: the entries its deal screen makes (games.entries);
- ``offline_state(table, context)``: what the phone needs to go on without a connection,
  in the table; ``ahead(request, table)``: the lookups and words fetched once the page is
  up (``AHEAD_FOLLOWS_GAME``: asked for again as the game goes on, not cached).
"""
