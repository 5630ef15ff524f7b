"""Hex-level edit logic as plain Python (no Qt): which hexes and hexsides an edit touches
and what they hold afterwards. Commands in :mod:`editor.commands` wrap these in undo steps.
"""
