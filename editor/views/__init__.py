"""The editor's widgets: main window, canvas, docks and dialogs (thin Qt over the document)."""
