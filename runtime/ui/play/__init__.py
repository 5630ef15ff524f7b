"""The play window (``hexwright play``): a game of a module on the desktop.

Import the submodules you need (importing this package does not import Qt):

* :mod:`.board_layout` — where counters, boxes and tracks go (plain Python);
* :mod:`.board_scene`, :mod:`.board_items`, :mod:`.play_view` — the board and dragging;
* :mod:`.play_window` — :class:`PlayWindow`, menus, undo/redo, replay, saves, hot-seat;
* :mod:`.log_dock`, :mod:`.side_panel`, :mod:`.minimap`, :mod:`.charts_window`, :mod:`.hand_over`.
"""
