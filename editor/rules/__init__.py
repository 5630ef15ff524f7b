"""The rules screens: rules.json and the sequence of play as forms and an outline."""
