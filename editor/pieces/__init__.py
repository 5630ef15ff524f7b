"""Counters, tables and scenarios in the editor: forms, grids and their undo commands.

Every widget here is given the one :class:`~editor.document.MapDocument`: it pushes
:mod:`editor.commands` (``SetEntry``, ``SetTable``, ``ImportPieces``, ``SetPieceArt``) and
refreshes from the document's :class:`~editor.changes.Changes` records.

* :mod:`.unit_form`, :mod:`.counter_preview` — a unit's values with a live counter;
* :mod:`.oob_table`, :mod:`.csv_actions` — the order of battle grid, CSV import/export;
* :mod:`.entry_table` — a grid of module entries, one row each (used below);
* :mod:`.sides_editor` — sides, formations, movement classes, unit types, markers, chits;
* :mod:`.crt_editor`, :mod:`.terrain_effects_editor`, :mod:`.lookup_editor` — the tables;
* :mod:`.scenario_editor`, :mod:`.map_drop` — scenarios, and dropping units on the map;
* :mod:`.chart_preview` — a table drawn as its printed chart;
* :mod:`.docks` — everything above as dock widgets of the editor window.
"""
