"""St-Lô: the real ground north and east of St-Lô, July 1944, as data.

The printed map is not in the rulebook. The map is reconstructed from real places
(longitude, latitude in degrees, WGS84, read off a modern map) put on the rulebook's hex
numbering by one projection fixed by the hexes the text names:

- labels are column then row (``CCRR``), rows counted southward from 00 (setup hexes 1600,
  1700, 2000 on the north edge, where the US sits, 2.1), columns eastward: Hill 192 is
  5613 (11.2.2, 24.1 E), east of St-Lô whose cathedral is 2725 (11.2.3), Hill 122 is 2917
  (24.1 F), north of it;
- one hex is 306 yards (280 m) across (2.3 A); with pointy-top hexes (rows of hexes run
  east-west, 242 m apart) the cathedral, Hill 122 and Hill 192 fall on their real places
  within a few hundred metres (with flat-top hexes Hill 192 would be a kilometre short);
- Couvains and Villiers-Fossard fall on the north edge (4901, 3601), Saint-Georges-d'Elle
  just north-east of Hill 192 (5910), as they are.

Heights are metres above the sea: peaks and ridge lines with their heights, the valleys of
the Vire and its streams with their floors (``relief`` turns them into the 14 levels).
Nothing here is code of a game rule: it is the atlas the build script paints from.
"""

from __future__ import annotations

Point = tuple[float, float]  # (longitude, latitude)
HPoint = tuple[float, float, float]  # (longitude, latitude, metres)

# -- the projection --------------------------------------------------------------------------

CATHEDRAL: Point = (-1.0910, 49.1160)      # Notre-Dame de St-Lô, hex 2725 (11.2.3)
FIRST_COL, FIRST_ROW = 12, 0               # the map's north-west hex is 1200
COLS, ROWS = 50, 36                        # columns 12-61, rows 00-35
HEX_KM = 0.2798                            # 306 yards (2.3 A): spacing of hex centres along a row
PER_LON = 72.83 / HEX_KM                   # hex spacings per degree of longitude at 49.1° N
PER_LAT = 111.2 / (HEX_KM * 0.8660254)     # rows per degree of latitude

# -- places ----------------------------------------------------------------------------------
# name: (lon, lat, kind) — kind: city, village, hamlet (a named hex), hill

PLACES: dict[str, tuple[float, float, str]] = {
    "St-Lô": (-1.0910, 49.1160, "city"),
    "Agneaux": (-1.1083, 49.1182, "village"),
    "La Madeleine": (-1.0814, 49.1182, "hamlet"),
    "Martinville": (-1.0679, 49.1247, "hamlet"),
    "La Planche": (-1.0814, 49.1269, "hamlet"),
    "Bois André": (-1.0891, 49.1269, "hamlet"),
    "Saint-Georges-Montcocq": (-1.0948, 49.1291, "village"),
    "Emelie": (-1.0852, 49.1400, "hamlet"),
    "Les Romaines": (-1.0776, 49.1400, "hamlet"),
    "Le Mesnil-Rouxelin": (-1.0737, 49.1356, "village"),
    "Le Carillon": (-1.1044, 49.1530, "hamlet"),
    "La Nicollerie": (-1.0776, 49.1574, "hamlet"),
    "Rampan": (-1.1198, 49.1443, "village"),
    "La Petite Ferme": (-1.1102, 49.1596, "hamlet"),
    "Villiers-Fossard": (-1.0564, 49.1683, "village"),
    "La Luzerne": (-1.0430, 49.1400, "village"),
    "Belle Fontaine": (-1.0295, 49.1421, "hamlet"),
    "Les Cauchais": (-1.0545, 49.1356, "hamlet"),
    "La Roulage": (-1.0430, 49.1269, "hamlet"),
    "La Monnaie": (-1.0487, 49.1204, "hamlet"),
    "Le Mesnil-Sigard": (-1.0199, 49.1313, "hamlet"),
    "Saint-André-de-l'Épine": (-1.0142, 49.1421, "village"),
    "La Calvaire": (-0.9796, 49.1291, "hamlet"),
    "Couvains": (-1.0065, 49.1683, "village"),
    "Saint-Georges-d'Elle": (-0.9700, 49.1487, "village"),
    "Cloville": (-0.9661, 49.1443, "hamlet"),
    "La Capelle": (-1.0353, 49.1051, "hamlet"),
    "Bure": (-1.0142, 49.1029, "hamlet"),
    "Saint-Pierre-de-Semilly": (-1.0238, 49.1138, "village"),
    "La Barre-de-Semilly": (-1.0449, 49.1073, "village"),
}

# The text's own words for each named place (the clue printed with its hex).
WHY_PLACE: dict[str, str] = {
    "Martinville": "25.1.5 A: a hamlet on the western slope of the Martinville ridge",
    "La Madeleine": "15.0, 25.1.5 A: a few hundred yards east of St-Lô",
    "La Planche": "25.1.7 B: a few hundred yards from St-Lô, reached along the 116th's right flank",
    "Bois André": "25.1.8 A: a hamlet north of St-Lô",
    "Emelie": "25.1.5 B: a hamlet at the foot of Hill 122",
    "Les Romaines": "25.1.5 B: a few hundred yards east of Emelie",
    "Le Carillon": "25.1.1 C, 25.1.3 B: the high ground the 320th attacked westward from La Nicollerie",
    "La Nicollerie": "25.1.1 C: on the boundary between the 35th and 29th Divisions",
    "Rampan": "25.1.8 C: the crossing of the Vire the 137th reached down the valley",
    "La Petite Ferme": "25.1.2 C: a stone farmhouse strongpoint on the 35th Division front",
    "La Luzerne": "25.1.2 C, 25.1.3 B: taken by the 115th on 12 July",
    "Belle Fontaine": "25.1.2 C: taken by the 115th on 12 July",
    "Les Cauchais": "25.1.2 B: the north end of the German line to Martinville",
    "La Roulage": "25.1.7 A: where the 3/116 was deployed",
    "La Monnaie": "25.1.2 B, 25.1.3 A: south-east of Martinville, on the St-Lô-Bayeux road",
    "Le Mesnil-Sigard": "25.1.1 B: on the Martinville ridge, reached on 11 July",
    "Saint-André-de-l'Épine": "25.1.1 B: the 116th advanced from it down the road to La Calvaire",
    "La Calvaire": "25.1.1 A: the road junction south of Hill 192 on the St-Lô-Bayeux road",
    "La Capelle": "14.0, 25.1.2 B: German observers on the heights south of the Martinville ridge",
    "Bure": "14.0: German observers on the heights to the south",
}

# -- relief ----------------------------------------------------------------------------------
# Peaks and ridges: a line of (lon, lat, metres); the ground falls away from it at ``slope``
# metres per km. The land between them is the bocage plateau (``PLATEAU``).

PLATEAU_M = 62.0           # the bocage north of the ridges, metres
PLATEAU_EAST_M_PER_KM = 3.5  # rising eastward to the Cerisy plateau
RIDGES: list[tuple[str, list[HPoint], float]] = [
    ("Hill 192", [(-0.9796, 49.1421, 196.0)], 30.0),
    ("the Martinville ridge", [(-1.0700, 49.1240, 112.0), (-1.0550, 49.1262, 124.0), (-1.0400, 49.1285, 134.0),
                               (-1.0250, 49.1310, 148.0), (-1.0100, 49.1345, 164.0), (-0.9980, 49.1380, 180.0),
                               (-0.9880, 49.1405, 188.0), (-0.9796, 49.1421, 192.0), (-0.9700, 49.1435, 188.0),
                               (-0.9600, 49.1450, 180.0)], 38.0),
    ("Hill 122", [(-1.0833, 49.1334, 124.0)], 42.0),
    ("the ridge from Hill 122 to La Luzerne", [(-1.0760, 49.1370, 112.0), (-1.0610, 49.1412, 104.0),
                                               (-1.0430, 49.1443, 100.0), (-1.0280, 49.1470, 96.0)], 36.0),
    ("the Le Carillon nose", [(-1.0880, 49.1420, 104.0), (-1.0980, 49.1500, 94.0), (-1.1050, 49.1580, 84.0)], 36.0),
    ("the heights of La Capelle and Bure", [(-1.0650, 49.1010, 112.0), (-1.0450, 49.1040, 130.0),
                                           (-1.0353, 49.1051, 140.0), (-1.0142, 49.1029, 152.0),
                                           (-0.9800, 49.0990, 160.0)], 30.0),
    ("Hill 101", [(-1.1150, 49.0990, 100.0), (-1.0950, 49.0975, 101.0)], 40.0),
    ("Agneaux", [(-1.1250, 49.1200, 70.0)], 30.0),
]

# Rock spurs stand above the valleys round them (applied after the valleys): St-Lô's enclos.
SPURS: list[tuple[str, list[HPoint], float]] = [
    ("the spur of St-Lô", [(-1.0960, 49.1140, 54.0), (-1.0910, 49.1160, 56.0), (-1.0850, 49.1185, 56.0)], 30.0),
]

# Valleys: a watercourse from source to mouth as (lon, lat, floor metres); the sides rise at
# ``slope`` metres per km until they meet the ground around.

VALLEYS: list[tuple[str, list[HPoint], float]] = [
    ("the Vire", [(-1.0870, 49.0930, 16.0), (-1.0910, 49.1030, 15.0), (-1.0965, 49.1100, 14.0),
                  (-1.1010, 49.1170, 13.0), (-1.1090, 49.1250, 12.0), (-1.1190, 49.1330, 11.0),
                  (-1.1285, 49.1420, 10.0), (-1.1370, 49.1510, 9.0), (-1.1430, 49.1610, 8.0),
                  (-1.1460, 49.1720, 7.0)], 62.0),
    ("the Dollée", [(-0.9900, 49.1140, 90.0), (-1.0150, 49.1160, 70.0), (-1.0400, 49.1145, 48.0),
                    (-1.0600, 49.1130, 32.0), (-1.0780, 49.1115, 22.0), (-1.0950, 49.1090, 14.0)], 80.0),
    ("the brook of La Nicollerie", [(-1.0500, 49.1610, 64.0), (-1.0700, 49.1600, 50.0), (-1.0900, 49.1620, 34.0),
                                    (-1.1150, 49.1640, 16.0), (-1.1430, 49.1620, 8.0)], 40.0),
    ("the Elle", [(-0.9630, 49.1560, 98.0), (-0.9850, 49.1620, 84.0), (-1.0050, 49.1700, 70.0),
                  (-1.0150, 49.1740, 64.0)], 38.0),
]

# Watercourses drawn on hexsides: the Vire is a river, the others streams (8.1 C).
RIVERS = ["the Vire"]
STREAMS = ["the Dollée", "the brook of La Nicollerie", "the Elle"]

# -- terrain ---------------------------------------------------------------------------------
# Everything is hedgerow (2.1.1: there is no clear terrain) but the woods, the villages and
# St-Lô. Woods: small woods on steep valley sides and hilltops, as in the bocage.

WOODS: list[tuple[str, list[Point]]] = [
    ("the wooded slope of the Vire under Hill 122", [(-1.1060, 49.1300), (-1.0950, 49.1300), (-1.0960, 49.1400),
                                                     (-1.1080, 49.1420)]),
    ("the wooded slope of the Vire at Rampan", [(-1.1300, 49.1480), (-1.1220, 49.1470), (-1.1250, 49.1560),
                                                (-1.1330, 49.1570)]),
    ("the woods on the north slope of Hill 192", [(-0.9880, 49.1460), (-0.9760, 49.1460), (-0.9760, 49.1500),
                                                  (-0.9880, 49.1500)]),
    ("the woods of the Dollée below La Barre-de-Semilly", [(-1.0550, 49.1100), (-1.0420, 49.1100),
                                                          (-1.0420, 49.1135), (-1.0550, 49.1135)]),
    ("the woods on the Le Carillon nose", [(-1.1000, 49.1470), (-1.0920, 49.1460), (-1.0940, 49.1530),
                                           (-1.1010, 49.1540)]),
    ("the woods on the north slope below Martinville", [(-1.0700, 49.1290), (-1.0600, 49.1300), (-1.0600, 49.1330),
                                              (-1.0700, 49.1325)]),
    ("the woods of the Elle", [(-0.9950, 49.1640), (-0.9850, 49.1610), (-0.9830, 49.1660), (-0.9940, 49.1690)]),
]

# St-Lô in 1944: the walled town on its spur and the streets round it, east of the Vire.
CITY: list[Point] = [(-1.1000, 49.1215), (-1.0820, 49.1215), (-1.0800, 49.1110), (-1.0990, 49.1105)]

# -- roads -----------------------------------------------------------------------------------
# Chains of places; a (lon, lat) pair is a bend or where the road leaves the map. The roads
# south and west out of St-Lô pass the special depots 2626, 2727 and 2927 (21.1.1).

Waypoint = str | Point
MAIN_ROADS: dict[str, list[Waypoint]] = {
    "St-Lô-Bayeux (N 172)": ["St-Lô", "La Madeleine", "La Monnaie", (-1.0200, 49.1250), (-0.9950, 49.1280),
                             "La Calvaire", (-0.9600, 49.1330)],
    "St-Lô-Isigny": ["St-Lô", (-1.0800, 49.1260), "Le Mesnil-Rouxelin", (-1.0600, 49.1440), (-1.0520, 49.1540),
                     "Villiers-Fossard", (-1.0580, 49.1720)],
    "St-Lô-Carentan": ["St-Lô", (-1.1000, 49.1260), (-1.1110, 49.1370), "Rampan", (-1.1300, 49.1600),
                       (-1.1370, 49.1720)],
    "St-Lô-Torigni": ["St-Lô", (-1.0833, 49.1116), (-1.0700, 49.1080), (-1.0400, 49.0990), (-1.0250, 49.0930)],
    "St-Lô-Vire": ["St-Lô", (-1.0910, 49.1116), (-1.0840, 49.1050), (-1.0800, 49.0930)],
    "St-Lô-Coutances": ["St-Lô", (-1.0968, 49.1138), "Agneaux", (-1.1300, 49.1160), (-1.1520, 49.1150)],
    "St-Lô-Périers": ["Agneaux", (-1.1250, 49.1260), (-1.1520, 49.1300)],
}
MINOR_ROADS: dict[str, list[Waypoint]] = {
    "Saint-André-de-l'Épine-La Calvaire": ["Saint-André-de-l'Épine", (-0.9950, 49.1360), "La Calvaire"],
    "Couvains-Saint-André-de-l'Épine": [(-1.0065, 49.1720), "Couvains", "Saint-André-de-l'Épine",
                                        "Le Mesnil-Sigard", (-1.0200, 49.1250)],
    "the Martinville ridge road": ["La Madeleine", "Martinville", "La Roulage", "Le Mesnil-Sigard"],
    "Villiers-Fossard-Saint-Georges-d'Elle": ["Villiers-Fossard", (-1.0300, 49.1560), "Saint-André-de-l'Épine",
                                              (-0.9900, 49.1480), "Saint-Georges-d'Elle", (-0.9600, 49.1520)],
    "La Luzerne-St-Lô": ["Belle Fontaine", "La Luzerne", "Les Cauchais", "La Planche", "St-Lô"],
    "Hill 122 road": ["Le Mesnil-Rouxelin", "Emelie", "Saint-Georges-Montcocq", "St-Lô"],
    "La Nicollerie-Rampan": [(-1.0720, 49.1720), "La Nicollerie", "Le Carillon", "Rampan"],
    "La Petite Ferme road": [(-1.1000, 49.1720), "La Petite Ferme", "Le Carillon"],
    "Saint-Pierre-de-Semilly roads": ["La Monnaie", "La Barre-de-Semilly", "La Capelle", "Saint-Pierre-de-Semilly",
                                      "Bure", (-1.0050, 49.0930)],
    "Saint-Pierre-de-Semilly-Bayeux road": ["Saint-Pierre-de-Semilly", (-1.0200, 49.1250)],
    "Cloville road": ["La Calvaire", "Cloville", "Saint-Georges-d'Elle"],
}

# -- divisional boundaries (8.4) --------------------------------------------------------------
# North to south; 35th Division units stay west of the 35th's, 2nd Division units east of the 2nd's.

BOUNDARY_35: list[Point] = [(-1.0680, 49.1720), (-1.0690, 49.1540), (-1.0740, 49.1420), (-1.0790, 49.1300),
                            (-1.0890, 49.1235), (-1.1000, 49.1200), (-1.1040, 49.1100), (-1.1000, 49.0930)]
BOUNDARY_2: list[Point] = [(-1.0020, 49.1720), (-0.9990, 49.1500), (-0.9950, 49.1380), (-0.9960, 49.1250),
                           (-1.0030, 49.1100), (-1.0070, 49.0930)]

# -- depots (7.3, 21.1.1): where each side's roads leave the map -----------------------------

US_DEPOTS: list[tuple[str, str, int]] = [  # (name, road, its end: 0 first waypoint, -1 last)
    ("Carentan road", "St-Lô-Carentan", -1), ("Isigny road", "St-Lô-Isigny", -1),
    ("Couvains road", "Couvains-Saint-André-de-l'Épine", 0),
]
DE_DEPOTS: list[tuple[str, str, int]] = [
    ("Coutances road", "St-Lô-Coutances", -1), ("Périers road", "St-Lô-Périers", -1),
    ("Vire road", "St-Lô-Vire", -1), ("Torigni road", "St-Lô-Torigni", -1),
]

# -- names printed on the map (name, lon, lat, kind, size) -----------------------------------

PRINTED: list[tuple[str, float, float, str, float]] = [
    ("La Vire", -1.1300, 49.1480, "water", 1.0),
    ("MARTINVILLE RIDGE", -1.0350, 49.1300, "region", 1.1),
    ("BOCAGE", -1.0300, 49.1600, "region", 1.3),
]
