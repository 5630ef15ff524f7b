"""Traces of Victory: the real geography of Lorraine and Alsace, autumn 1944, as data.

The printed map is not in the rulebook. The map is reconstructed from real places
(longitude, latitude in degrees, WGS84, read off a modern atlas) put on the rulebook's
hex numbering by one projection fixed by the hexes the text names:

- labels are row then column (``RRCC``): "hex row 3000" is the row 30 (its first hex is
  column 00) and the Patch's Advance limit "a line from 1008 to 3608" runs north-south at
  column 08, so the first pair counts rows southward and the second columns eastward;
- 2217 is the Saverne Pass (14.2): the Col de Saverne is put in that hex;
- one hex is about 6 km across (the Patch line at column 08 falls just east of Lunéville,
  where the Third and Seventh Armies met in November 1944).

Nothing here is code of a game rule: it is the atlas the build script paints from.
"""

from __future__ import annotations

Point = tuple[float, float]  # (longitude, latitude)

# -- the projection (see build_map.hex_at) -----------------------------------------------------

ANCHOR_LON, ANCHOR_LAT = 7.33, 48.735      # the Col de Saverne
ANCHOR_ROW, ANCHOR_X = 22, 17.5            # row 22, column 17 (row 22 is drawn half a hex east)
HEXES_PER_LON = 12.26                      # 6 km hexes at 48.7° N
ROWS_PER_LAT = 21.4                        # 5.2 km between rows

# -- places -----------------------------------------------------------------------------------
# name: (lon, lat, kind) — kind is the map feature: major_city, city, town

PLACES: dict[str, tuple[float, float, str]] = {
    "Metz": (6.176, 49.119, "major_city"),
    "Nancy": (6.184, 48.692, "major_city"),
    "Saarbrücken": (6.996, 49.234, "major_city"),
    "Strasbourg": (7.752, 48.573, "major_city"),
    "Thionville": (6.168, 49.357, "city"),
    "Lunéville": (6.496, 48.589, "city"),
    "Saarlouis": (6.751, 49.314, "city"),
    "Sarreguemines": (7.068, 49.110, "city"),
    "Haguenau": (7.790, 48.816, "city"),
    "Saint-Dié": (6.950, 48.285, "city"),
    "Épinal": (6.450, 48.173, "city"),
    "Kaiserslautern": (7.769, 49.444, "city"),
    "Pont-à-Mousson": (6.054, 48.905, "town"),
    "Château-Salins": (6.513, 48.819, "town"),
    "Dieuze": (6.719, 48.812, "town"),
    "Morhange": (6.635, 48.927, "town"),
    "Faulquemont": (6.597, 49.045, "town"),
    "Saint-Avold": (6.706, 49.104, "town"),
    "Boulay": (6.493, 49.183, "town"),
    "Bouzonville": (6.533, 49.292, "town"),
    "Merzig": (6.637, 49.443, "town"),
    "Saarburg": (6.550, 49.609, "town"),
    "Sarre-Union": (7.088, 48.939, "town"),
    "Sarrebourg": (7.054, 48.735, "town"),
    "Phalsbourg": (7.258, 48.767, "town"),
    "Saverne": (7.363, 48.741, "town"),
    "Bitche": (7.429, 49.052, "town"),
    "Zweibrücken": (7.361, 49.247, "town"),
    "Homburg": (7.338, 49.326, "town"),
    "Pirmasens": (7.601, 49.201, "town"),
    "Wissembourg": (7.945, 49.037, "town"),
    "Molsheim": (7.492, 48.541, "town"),
    "Sélestat": (7.454, 48.259, "town"),
    "Schirmeck": (7.220, 48.483, "town"),
    "Raon-l'Étape": (6.840, 48.405, "town"),
    "Baccarat": (6.741, 48.450, "town"),
    "Blâmont": (6.845, 48.590, "town"),
    "Rambervillers": (6.636, 48.346, "town"),
    "Charmes": (6.291, 48.373, "town"),
    "Bruyères": (6.720, 48.208, "town"),
    "Gérardmer": (6.877, 48.072, "town"),
    "Kehl": (7.815, 48.573, "town"),
    "Offenburg": (7.943, 48.473, "town"),
    "Toul": (5.905, 48.675, "town"),
}

# Metz's ring of forts (12.4): the hexes around the city hex, named after the forts in them.
METZ_FORTS: dict[str, Point] = {
    "Fort Driant": (6.050, 49.063),
    "Fort Jeanne d'Arc": (6.085, 49.105),
    "Fort Plappeville": (6.110, 49.140),
    "Fort Saint-Julien": (6.215, 49.145),
    "Fort Queuleu": (6.215, 49.095),
    "Fort Saint-Privat": (6.190, 49.070),
}

# -- lines along hexsides: rivers, streams, the canal (downstream order) ----------------------

RIVERS: dict[str, list[Point]] = {
    "Moselle": [(6.56, 48.06), (6.45, 48.17), (6.39, 48.25), (6.33, 48.33), (6.29, 48.37), (6.22, 48.45),
                (6.13, 48.52), (6.02, 48.57), (5.93, 48.62), (5.91, 48.67), (5.96, 48.72), (6.05, 48.75),
                (6.13, 48.765), (6.10, 48.83), (6.06, 48.90), (6.08, 48.98), (6.12, 49.06), (6.15, 49.115),
                (6.18, 49.18), (6.17, 49.27), (6.16, 49.36), (6.25, 49.42), (6.32, 49.47), (6.37, 49.52),
                (6.42, 49.60), (6.53, 49.68), (6.58, 49.73)],
    "Meurthe": [(7.00, 48.10), (6.99, 48.19), (6.95, 48.285), (6.89, 48.35), (6.84, 48.40), (6.74, 48.45),
                (6.62, 48.52), (6.52, 48.57), (6.40, 48.62), (6.30, 48.66), (6.21, 48.70), (6.15, 48.75),
                (6.13, 48.765)],
    "Seille": [(6.80, 48.80), (6.69, 48.80), (6.55, 48.80), (6.47, 48.84), (6.33, 48.87), (6.23, 48.89),
               (6.20, 48.96), (6.19, 49.05), (6.16, 49.10)],
    "Sarre": [(7.10, 48.55), (7.07, 48.64), (7.05, 48.735), (7.03, 48.85), (7.08, 48.94), (7.03, 49.00),
              (7.07, 49.11), (7.00, 49.23), (6.86, 49.25), (6.75, 49.31), (6.68, 49.37), (6.64, 49.44),
              (6.58, 49.52), (6.55, 49.61), (6.58, 49.73)],
    "Zorn": [(7.16, 48.61), (7.21, 48.67), (7.25, 48.735), (7.36, 48.745), (7.50, 48.75), (7.65, 48.78),
             (7.85, 48.78), (7.93, 48.79)],
}
RHINE: list[Point] = [(7.59, 48.05), (7.64, 48.18), (7.69, 48.30), (7.74, 48.42), (7.80, 48.55), (7.86, 48.65),
                      (7.93, 48.74), (8.02, 48.82)]
STREAMS: dict[str, list[Point]] = {
    "Nied": [(6.62, 48.95), (6.50, 49.05), (6.43, 49.15), (6.50, 49.22), (6.55, 49.29), (6.62, 49.33),
             (6.69, 49.37)],
    "Orne": [(5.88, 49.16), (6.00, 49.22), (6.09, 49.25)],
    "Vezouze": [(7.02, 48.55), (6.85, 48.59), (6.70, 48.59), (6.52, 48.575)],
    "Mortagne": [(6.82, 48.25), (6.64, 48.34), (6.56, 48.45), (6.48, 48.55)],
    "Bruche": [(7.15, 48.45), (7.30, 48.50), (7.49, 48.54), (7.70, 48.57)],
    "Ill": [(7.36, 48.06), (7.45, 48.26), (7.60, 48.42), (7.72, 48.55), (7.82, 48.65)],
    "Moder": [(7.35, 48.90), (7.55, 48.85), (7.79, 48.815), (7.95, 48.84)],
    "Blies": [(7.18, 49.36), (7.25, 49.27), (7.24, 49.20), (7.07, 49.11)],
    "Lauter": [(7.75, 49.07), (7.945, 49.037), (8.05, 49.00)],
}
CANALS: dict[str, list[Point]] = {
    "Marne-Rhine canal": [(6.18, 48.69), (6.33, 48.655), (6.48, 48.655), (6.70, 48.685), (6.92, 48.695),
                          (7.18, 48.72), (7.26, 48.74), (7.36, 48.735), (7.50, 48.70), (7.62, 48.63),
                          (7.74, 48.585)],
}

# -- roads and railroads (chains of places; a lon/lat pair is a point where it leaves the map) --

Waypoint = str | Point
ROADS: dict[str, list[Waypoint]] = {
    "Verdun-Metz": [(5.80, 49.12), "Metz"],
    "Briey-Thionville": [(5.80, 49.30), "Thionville"],
    "Toul-Nancy": [(5.80, 48.67), "Toul", "Nancy"],
    "Luxembourg-Thionville-Metz": [(6.12, 49.75), "Thionville", (6.09, 49.27), (6.10, 49.19), "Metz"],
    "Metz-Pont-à-Mousson-Nancy": ["Metz", "Pont-à-Mousson", "Nancy"],
    "Metz-Saint-Avold-Saarbrücken": ["Metz", "Faulquemont", "Saint-Avold", "Saarbrücken"],
    "Metz-Boulay-Saarlouis": ["Metz", "Boulay", "Saarlouis", "Saarbrücken"],
    "Metz-Château-Salins": ["Metz", "Château-Salins", "Lunéville"],
    "Thionville-Bouzonville-Saarlouis": ["Thionville", "Bouzonville", "Saarlouis"],
    "Nancy-Château-Salins-Morhange": ["Nancy", "Château-Salins", "Morhange", "Saint-Avold"],
    "Nancy-Strasbourg (N4)": ["Nancy", "Lunéville", "Blâmont", "Sarrebourg", "Phalsbourg", "Saverne",
                              "Strasbourg"],
    "Lunéville-Saint-Dié": ["Lunéville", "Baccarat", "Raon-l'Étape", "Saint-Dié"],
    "Nancy-Charmes-Épinal": ["Nancy", "Charmes", "Épinal", (6.58, 47.98)],
    "Épinal-Rambervillers-Baccarat": ["Épinal", "Rambervillers", "Baccarat"],
    "Épinal-Bruyères-Saint-Dié": ["Épinal", "Bruyères", "Saint-Dié"],
    "Gérardmer-Saint-Dié": [(6.90, 47.98), "Gérardmer", "Saint-Dié"],
    "Saint-Dié-Schirmeck-Strasbourg": ["Saint-Dié", "Schirmeck", "Molsheim", "Strasbourg"],
    "Saint-Dié-Sélestat": ["Saint-Dié", "Sélestat", "Strasbourg"],
    "Dieuze-Sarrebourg": ["Château-Salins", "Dieuze", "Sarrebourg"],
    "Sarrebourg-Sarre-Union-Sarreguemines": ["Sarrebourg", "Sarre-Union", "Sarreguemines", "Saarbrücken"],
    "Saverne-Haguenau-Wissembourg": ["Saverne", "Haguenau", "Wissembourg", (8.10, 49.06)],
    "Strasbourg-Haguenau": ["Strasbourg", "Haguenau"],
    "Strasbourg-Kehl-Offenburg": ["Strasbourg", "Kehl", "Offenburg", (8.10, 48.47)],
    "Sarreguemines-Bitche-Haguenau": ["Sarreguemines", "Bitche", "Haguenau"],
    "Saarbrücken-Zweibrücken-Pirmasens": ["Saarbrücken", "Zweibrücken", "Pirmasens", (8.10, 49.20)],
    "Saarbrücken-Homburg-Kaiserslautern": ["Saarbrücken", "Homburg", "Kaiserslautern", (8.10, 49.45)],
    "Saarlouis-Merzig-Saarburg": ["Saarlouis", "Merzig", "Saarburg", (6.62, 49.75)],
    "Kaiserslautern-north": ["Kaiserslautern", (7.76, 49.75)],
    "Morhange-Sarre-Union": ["Morhange", "Sarre-Union", "Bitche"],
}
RAILROADS: dict[str, list[Waypoint]] = {
    "Metz-Verdun": [(5.80, 49.15), "Metz"],
    "Metz-Thionville-Luxembourg": ["Metz", (6.10, 49.19), (6.09, 49.27), "Thionville", (6.14, 49.75)],
    "Metz-Saarbrücken-Kaiserslautern": ["Metz", "Faulquemont", "Saint-Avold", "Saarbrücken", "Homburg",
                                        "Kaiserslautern", (8.10, 49.45)],
    "Metz-Nancy": ["Metz", "Pont-à-Mousson", "Nancy"],
    "Nancy-Toul": ["Nancy", "Toul", (5.80, 48.68)],
    "Paris-Strasbourg": ["Nancy", "Lunéville", "Sarrebourg", "Saverne", "Strasbourg"],
    "Strasbourg-Kehl-Offenburg": ["Strasbourg", "Kehl", "Offenburg", (8.10, 48.47)],
    "Strasbourg-Haguenau-Wissembourg": ["Strasbourg", "Haguenau", "Wissembourg", (8.10, 49.06)],
    "Strasbourg-Sélestat": ["Strasbourg", "Sélestat", (7.40, 47.98)],
    "Strasbourg-Schirmeck-Saint-Dié": ["Strasbourg", "Molsheim", "Schirmeck", "Saint-Dié"],
    "Lunéville-Saint-Dié": ["Lunéville", "Baccarat", "Raon-l'Étape", "Saint-Dié"],
    "Nancy-Épinal": ["Nancy", "Charmes", "Épinal", (6.58, 47.98)],
    "Saarbrücken-Saarlouis-Trier": ["Saarbrücken", "Saarlouis", "Merzig", "Saarburg", (6.60, 49.75)],
    "Sarreguemines-Bitche-Haguenau": ["Saarbrücken", "Sarreguemines", "Bitche", "Haguenau"],
    "Sarrebourg-Sarreguemines": ["Sarrebourg", "Sarre-Union", "Sarreguemines"],
}

# -- areas of terrain (polygons; a hex takes the terrain of the last polygon holding its centre) --

TERRAIN: list[tuple[str, str, list[Point]]] = [
    ("woods", "forests of the Vosges foothills (Épinal, Rambervillers, Baccarat)",
     [(6.50, 48.00), (6.90, 48.00), (6.95, 48.30), (7.00, 48.45), (7.05, 48.55), (6.90, 48.52), (6.80, 48.42),
      (6.70, 48.38), (6.55, 48.30), (6.55, 48.15)]),
    ("mountain", "the High Vosges (Donon, Champ du Feu, Hohneck)",
     [(6.92, 48.00), (7.30, 48.00), (7.40, 48.20), (7.38, 48.45), (7.25, 48.60), (7.15, 48.62), (7.05, 48.52),
      (6.98, 48.40), (6.95, 48.25)]),
    ("rough", "the Northern Vosges (Saverne to Bitche and Niederbronn)",
     [(7.18, 48.62), (7.30, 48.70), (7.45, 48.78), (7.62, 48.90), (7.85, 49.00), (7.85, 49.06), (7.45, 49.05),
      (7.28, 48.93), (7.18, 48.80), (7.12, 48.66)]),
    ("woods", "the Palatinate Forest (Pfälzerwald)",
     [(7.50, 49.06), (8.05, 49.06), (8.05, 49.45), (7.85, 49.40), (7.65, 49.38), (7.50, 49.25)]),
    ("rough", "the Hunsrück and the Saar hills north of Merzig",
     [(6.62, 49.52), (7.10, 49.48), (7.40, 49.55), (7.40, 49.76), (6.70, 49.76)]),
    ("rough", "the Côtes de Moselle west of Metz (Gravelotte, Mont Saint-Quentin)",
     [(5.88, 48.93), (6.07, 48.95), (6.11, 49.10), (6.10, 49.22), (5.88, 49.22)]),
    ("woods", "Forêt de Haye west of Nancy", [(5.98, 48.64), (6.14, 48.64), (6.14, 48.74), (5.98, 48.74)]),
    ("woods", "Forêt de Parroy", [(6.56, 48.60), (6.72, 48.60), (6.72, 48.66), (6.56, 48.66)]),
    ("woods", "Forêt de Mondon", [(6.58, 48.50), (6.76, 48.50), (6.76, 48.56), (6.58, 48.56)]),
    ("woods", "the Warndt", [(6.72, 49.16), (6.88, 49.16), (6.88, 49.24), (6.72, 49.24)]),
    ("woods", "Forêt de Haguenau", [(7.72, 48.83), (7.98, 48.83), (7.98, 48.89), (7.72, 48.89)]),
    ("woods", "Forêt de Rémilly and the woods of the Nied", [(6.35, 48.98), (6.52, 48.98), (6.52, 49.06),
                                                            (6.35, 49.06)]),
    ("marsh", "the Lorraine lakes (Lindre, Gondrexange, Stock)", [(6.74, 48.70), (6.98, 48.70), (6.98, 48.80),
                                                                  (6.74, 48.80)]),
    ("woods", "the Black Forest's edge east of the Rhine", [(8.00, 48.30), (8.10, 48.30), (8.10, 48.60),
                                                           (8.00, 48.60)]),
]

# -- fortified lines (polylines; every hex they pass through is a fortification hex) -----------

MAGINOT: list[list[Point]] = [
    [(6.05, 49.45), (6.17, 49.41), (6.37, 49.35), (6.45, 49.27), (6.53, 49.21), (6.60, 49.12), (6.65, 49.06)],
    [(7.25, 49.08), (7.37, 49.08), (7.43, 49.07), (7.60, 49.01), (7.79, 49.00), (7.87, 48.96), (7.95, 48.93)],
]
SIEGFRIED: list[list[Point]] = [
    [(6.40, 49.52), (6.52, 49.48), (6.66, 49.44), (6.72, 49.37), (6.79, 49.31), (6.92, 49.26), (7.05, 49.19),
     (7.20, 49.16), (7.35, 49.14), (7.52, 49.11), (7.72, 49.08), (7.90, 49.06), (8.05, 49.02)],
]

# -- the French-German border of 1937 (15.2: "reach the French-German border"): from the
# Luxembourg tripoint at Schengen along the Saarland and the Palatinate to the Rhine at
# Lauterbourg; south of Lauterbourg the Rhine is the border (RHINE) ---------------------------

BORDER: list[Point] = [(6.367, 49.469), (6.47, 49.44), (6.55, 49.40), (6.56, 49.35), (6.63, 49.30), (6.72, 49.22),
                       (6.84, 49.21), (6.93, 49.20), (7.00, 49.17), (7.05, 49.13), (7.19, 49.13), (7.30, 49.12),
                       (7.40, 49.14), (7.50, 49.10), (7.60, 49.07), (7.75, 49.05), (7.94, 49.04), (8.07, 49.00),
                       (8.18, 48.97), (8.23, 48.97)]

# -- supply sources (13.0, 8.1): where each side's lines of communication leave the map -------

SUPPLY: dict[str, list[tuple[str, Point]]] = {
    "us": [("Verdun road", (5.91, 49.12)), ("Briey road", (5.91, 49.30)), ("Toul", (5.905, 48.675)),
           ("Épinal road", (6.55, 48.07)), ("Remiremont road", (6.62, 48.07))],
    "de": [("Trier road", (6.62, 49.70)), ("Kaiserslautern", (7.769, 49.444)), ("Pirmasens", (7.601, 49.201)),
           ("Landau road", (8.05, 49.11)), ("Offenburg", (7.943, 48.473))],
}

# -- cities of more than one hex (14.3: "all hexes of Metz, Saarbrücken, Strasbourg") -----------

CITY_HEXES: dict[str, list[Point]] = {
    "Saarbrücken": [(6.90, 49.24)],        # Burbach and Malstatt, west of the old town
    "Strasbourg": [(7.68, 48.60)],        # Cronenbourg and Schiltigheim
}

# -- names printed on the map: rivers and regions (name, lon, lat, kind, size) -----------------

PRINTED: list[tuple[str, float, float, str, float]] = [
    ("MOSELLE", 6.14, 49.00, "water", 1.0),
    ("Meurthe", 6.62, 48.50, "water", 0.9),
    ("Seille", 6.40, 48.86, "water", 0.9),
    ("SARRE", 7.06, 48.88, "water", 1.0),
    ("RHEIN", 7.72, 48.36, "water", 1.2),
    ("Zorn", 7.55, 48.76, "water", 0.8),
    ("Nied", 6.46, 49.12, "water", 0.8),
    ("V O S G E S", 7.15, 48.30, "region", 1.6),
    ("LORRAINE", 6.45, 48.95, "region", 1.6),
    ("ALSACE", 7.62, 48.46, "region", 1.4),
    ("SAARLAND", 6.95, 49.42, "region", 1.3),
    ("PFÄLZERWALD", 7.75, 49.25, "region", 1.1),
    ("BADEN", 7.98, 48.40, "region", 1.0),
    ("FRENCH-GERMAN BORDER 1937", 7.30, 49.20, "region", 0.75),  # along the border area of 15.2
]
