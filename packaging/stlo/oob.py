"""St-Lô orders of battle (2.2, 18.0, 20.0), as data for the build.

The rulebook gives the units' designations, the setup hexes of section 20 (with some rows
cut off), the assets of each division and a few counter values in its examples; the other
counter values are not in it. Values are reconstructed by kind (``VALUES``), kept to the
examples (9.5 A: battalion 1/115 combat 11, German company 1/8 combat 2 anti-tank 2; 9.5 B:
M4 armor 5, 75mm anti-tank 5; 10.2.4, 14.1.4: artillery 110/115 support 2, defensive 1,
long-range 1, six fire missions, 111/116 support 2, 793/GS support 5; 10.5.4: a US company
combat 3; 6.2 A: morale 6 or 7). Each row that completes a cut-off part of a section 20
table says so with its clue (``CUT_OFF``).
"""

from __future__ import annotations

# kind: (full step, reduced step or None), each (combat, anti-tank); movement
VALUES: dict[str, tuple[tuple[int, int], tuple[int, int] | None, int]] = {
    "us_bn": ((11, 2), (5, 1), 3),
    "us_co": ((3, 1), None, 3),
    "fj_bn": ((9, 3), (4, 2), 3),
    "de_bn": ((7, 2), (3, 1), 3),
    "de_co": ((2, 2), None, 3),
    "rcn": ((1, 0), None, 4),
}
MORALE = {"us_29": 7, "us_35": 6, "us_2": 7, "de_3fj": 7, "de_352": 6}
"""Printed HQ morale by division (6.2 A: 6 or 7; the 35th's first battle, 6.3; the 352nd battered, 1.1)."""

SIDES = {"us": ("United States: XIX Corps", "US", "#6f8f3a", "#ffffff", "north"),
         "de": ("Germany: II Fallschirmjäger Corps", "DE", "#8a8f96", "#000000", "south")}
# formation id: (name, side, echelon, parent, colour bar)
FORMATIONS: dict[str, tuple[str, str, str, str | None, str | None]] = {
    "us_xix": ("XIX Corps", "us", "corps", None, "#4a6a2a"),
    "us_29": ("29th Infantry Division (Blue and Gray)", "us", "division", "us_xix", "#3a5fa0"),
    "us_35": ("35th Infantry Division (Santa Fe)", "us", "division", "us_xix", "#b08a30"),
    "us_2": ("2nd Infantry Division (Indian Head)", "us", "division", "us_xix", "#a04040"),
    "de_ii_fj": ("II Fallschirmjäger Corps", "de", "corps", None, "#5a5f66"),
    "de_3fj": ("3rd Fallschirmjäger Division", "de", "division", "de_ii_fj", "#4f7fa8"),
    "de_352": ("352nd Infantry Division (with attached regiments)", "de", "division", "de_ii_fj", "#a8a070"),
}
REGIMENTS = {
    "us_29": ["115", "116", "175"], "us_35": ["134", "137", "320"], "us_2": ["38"],
    "de_3fj": ["5", "8", "9"], "de_352": ["897", "914", "915", "916", "943", "985"],
}

# Battalions: (division, designation, kind, setup). Setup as printed on the counter (2.2.2 E):
# a hex, DD (broken down at the start: its companies are on the map, 20.0 B) or R (18.0).
BATTALIONS: list[tuple[str, str, str, str]] = [
    # 20.1.1 35th Division
    ("us_35", "1/137", "us_bn", "1700"), ("us_35", "2/137", "us_bn", "2001"), ("us_35", "3/137", "us_bn", "2000"),
    ("us_35", "1/320", "us_bn", "2503"), ("us_35", "2/320", "us_bn", "DD"), ("us_35", "3/320", "us_bn", "2904"),
    ("us_35", "1/134", "us_bn", "R"), ("us_35", "2/134", "us_bn", "R"), ("us_35", "3/134", "us_bn", "R"),
    # 20.1.2 29th Division
    ("us_29", "1/115", "us_bn", "DD"), ("us_29", "2/115", "us_bn", "DD"), ("us_29", "3/115", "us_bn", "DD"),
    ("us_29", "1/116", "us_bn", "4908"), ("us_29", "2/116", "us_bn", "5010"), ("us_29", "3/116", "us_bn", "5107"),
    ("us_29", "1/175", "us_bn", "R"), ("us_29", "2/175", "us_bn", "4607"), ("us_29", "3/175", "us_bn", "5206"),
    # 20.1.3 2nd Division
    ("us_2", "1/38", "us_bn", "5609"), ("us_2", "2/38", "us_bn", "5409"), ("us_2", "3/38", "us_bn", "5507"),
    # 20.2.1 3rd Fallschirmjäger Division
    ("de_3fj", "1/8", "fj_bn", "DD"), ("de_3fj", "2/8", "fj_bn", "3815"), ("de_3fj", "3/8", "fj_bn", "DD"),
    ("de_3fj", "1/9", "fj_bn", "5216"), ("de_3fj", "2/9", "fj_bn", "DD"), ("de_3fj", "3/9", "fj_bn", "DD"),
    ("de_3fj", "1/5FJ", "fj_bn", "R"),
    # 20.2.2 352nd Division
    ("de_352", "1/897", "de_bn", "DD"), ("de_352", "2/897", "de_bn", "1607"), ("de_352", "1/916", "de_bn", "DD"),
    ("de_352", "2/914", "de_bn", "2107"), ("de_352", "2/915", "de_bn", "2812"), ("de_352", "FUS/915", "de_bn", "2722"),
    ("de_352", "1/943", "de_bn", "DD"), ("de_352", "517/915", "de_bn", "R"), ("de_352", "1/985", "de_bn", "R"),
]
# Companies of the battalions set up DD (20.0 B): (battalion designation, [hexes of its three companies])
COMPANIES: dict[str, list[str]] = {
    "2/320": ["2805", "2906", "3008"],
    "1/115": ["4710", "4310", "4510"], "2/115": ["3710", "3409", "3609"], "3/115": ["3910", "4009", "4110"],
    "1/8": ["4412", "4613", "4213"], "3/8": ["4012", "4212", "3813"], "2/9": ["4812", "5012", "5211"],
    "3/9": ["5313", "5414", "5015"],
    "1/897": ["1702", "2003", "1905"], "1/916": ["2707", "2809", "2610"], "1/943": ["3012", "3213", "3413"],
}
RECON: list[tuple[str, str]] = [  # (division, hex): six US recon units (17.0), none German
    ("us_35", "1600"), ("us_35", "2202"), ("us_35", "3108"), ("us_29", "3307"), ("us_29", "4810"), ("us_29", "4406"),
]
CUT_OFF: dict[str, str] = {
    "3/116": "20.1.2 (rows cut off): 3/116 followed the 1st and 2nd Battalions (25.1.1 B); sorted after 5010 in the "
             "table's third column",
    "2/175": "20.1.2 (rows cut off): 'the 2nd and 3rd Battalions of the 175th Infantry were committed ... and "
             "followed closely in the 116th's wake' (25.1.1 B)",
    "3/175": "20.1.2 (rows cut off): as 2/175 (25.1.1 B)",
    "1/115": "20.1.2 (rows cut off): 1/115 is DD, so three companies on the map; one printed (4710), two beside it "
             "in the table's second column (sorted 4110-4710)",
    "2/115": "20.1.2 (rows cut off): 2/115 is DD, three companies; one printed (3710), two sorted 3307-3710 "
             "in the first column",
    "1/8": "20.2.1 (rows cut off): 1/8 is DD, three companies; one printed (4412), two beside it",
    "3/8": "20.2.1 (rows cut off): 3/8 is DD, three companies; two printed (4012, 4212), one beside them",
    "3/9": "20.2.1 (rows cut off): 3/9 is DD, three companies, none printed: behind 1/9 (5216) and 2/9 (5211)",
    "1/897": "20.2.2 (rows cut off): 1/897 is DD, three companies; two printed (1702, 2003), one beside them",
    "1/916": "20.2.2 (rows cut off): 1/916 is DD, three companies; two printed (2707, 2809), one beside them",
    "1/943": "20.2.2 (rows cut off): 1/943 is DD, three companies, none printed: the gap between 2/915 (2812) and "
             "2/8 (3815), facing 2/115 and the 29th's recon (3307, 17.0 quote)",
    "1/985": "20.2.2 (rows cut off: a second R row): 18.0's quote names the 984th of the 275th Division among "
             "the 352nd's regiments; the reinforcement artillery 7/985 (20.2.4) needs a 985 battalion to support",
    "1/5FJ": "20.2.1 (rows cut off): 'The German 1/5FJ battalion (which enters with the first German "
             "reinforcements)' (8.4.4)",
    "us_29_rcn_3": "20.1.2 (rows cut off): the US has six recon units (17.0), three of the 35th printed; the "
                   "29th's third sorted 4110-4710",
}

# Assets (20.1-20.2, 2.2.4): division: [(id, designation, weapon, kind)]; kind major/minor/engineer
ASSETS: dict[str, list[tuple[str, str, str, str]]] = {
    "us_35": [("a737", "A/737", "M4", "major"), ("b737", "B/737", "M4", "major"), ("c737", "C/737", "M4", "major"),
              ("d737", "D/737", "M5", "major"), ("a654", "A/654", "M10", "major"),
              ("b654", "B/654", "M10", "major"), ("c654", "C/654", "M10", "major"), ("ag", "AG", "M8", "minor"),
              *[(f"e{x.lower()}60", f"{x}/60", "Engineers", "engineer") for x in ("1A", "2A", "1B", "2B", "1C", "2C")]],
    "us_29": [("a747", "A/747", "M4", "major"), ("b747", "B/747", "M4", "major"), ("c747", "C/747", "M4", "major"),
              ("d747", "D/747", "M5", "major"), ("a821", "A/821", "M10", "major"),
              ("b821", "B/821", "M10", "major"), ("c821", "C/821", "M10", "major"),
              ("b803", "B/803", "M10", "major"), ("ag", "AG", "M8", "minor"),
              *[(f"e{x.lower()}121", f"{x}/121", "Engineers", "engineer")
                for x in ("1A", "2A", "1B", "2B", "1C", "2C")]],
    "us_2": [("a741", "A/741", "M4", "major"), ("b741", "B/741", "M4", "major"), ("c741", "C/741", "M4", "major"),
             ("d741", "D/741", "M5", "major"), ("ag", "AG", "M8", "minor"),
             *[(f"e{x.lower()}2", f"{x}/2", "Engineers", "engineer") for x in ("1A", "2A", "3A")]],
    "de_3fj": [("at1", "1/3AT", "75mm", "major"), ("at2", "2/3AT", "75mm", "major"), ("at3", "3/3AT", "SIII", "major"),
               ("ag", "AG", "JGP", "minor"), ("flak", "FLAK", "88mm", "minor"),
               ("e1", "1/3E", "Engineers", "engineer"), ("e2", "2/3E", "Engineers", "engineer")],
    "de_352": [("at1", "1/352AT", "75mm", "major"), ("at2", "2/352AT", "75mm", "major"),
               ("at3", "3/352AT", "SIII", "major"), ("at4", "4/352AT", "SIII", "major"),
               ("ag", "AG", "JGP", "minor"), ("flak", "FLAK", "88mm", "minor"),
               ("e1", "1/352E", "Engineers", "engineer")],
}
# weapon: (armor, anti-tank); 9.5 B: M4 armor 5, German 75mm anti-tank 5; the rest reconstructed
WEAPONS: dict[str, tuple[int, int]] = {
    "M4": (5, 2), "M5": (2, 1), "M10": (3, 4), "M8": (1, 1), "Engineers": (0, 0),
    "75mm": (0, 5), "SIII": (3, 4), "JGP": (2, 3), "88mm": (0, 6),
}
SUBSTITUTES = {"us": ("us_xix", 9), "de": ("de_ii_fj", 12)}
"""20.1.4, 20.2.3: nine US and twelve German SUB companies; each counter serves two divisions
(2.2.3 Play Note), so they belong to the corps."""

# Artillery (2.2.5, 10.0, 20.1.5, 20.2.4): (division or corps, designation, support, defensive, long-range,
# fire missions, setup); 'R': reinforcement (20.2.4: 6/894 and 7/985)
ARTILLERY: list[tuple[str, str, int, int, int, int, str]] = [
    ("us_29", "110/115", 2, 1, 1, 6, ""), ("us_29", "111/116", 2, 1, 1, 6, ""), ("us_29", "224/175", 2, 1, 1, 6, ""),
    ("us_29", "227/GS", 3, 2, 2, 4, ""),
    ("us_35", "216/134", 2, 1, 1, 6, ""), ("us_35", "219/137", 2, 1, 1, 6, ""), ("us_35", "161/320", 2, 1, 1, 6, ""),
    ("us_35", "127/GS", 3, 2, 2, 4, ""),
    ("us_2", "38/38", 2, 1, 1, 6, ""), ("us_2", "12/GS", 3, 2, 2, 4, ""),
    ("us_xix", "793/GS", 5, 3, 4, 4, ""), ("us_xix", "963/GS", 4, 2, 3, 4, ""),
    ("de_3fj", "1/8", 2, 1, 1, 4, ""), ("de_3fj", "2/9", 2, 1, 1, 4, ""), ("de_3fj", "3/5", 2, 1, 1, 4, ""),
    ("de_3fj", "4/GS", 3, 2, 2, 3, ""),
    ("de_352", "1/914", 2, 1, 1, 4, ""), ("de_352", "2/915", 2, 1, 1, 4, ""), ("de_352", "3/916", 2, 1, 1, 4, ""),
    ("de_352", "4/897", 2, 1, 1, 4, ""), ("de_352", "5/943", 2, 1, 1, 4, ""),
    ("de_352", "6/894", 2, 1, 1, 4, "R"), ("de_352", "7/985", 2, 1, 1, 4, "R"),
    ("de_ii_fj", "GS", 4, 2, 3, 3, ""),
]
ARTILLERY_CLUE = ("reconstructed: 110/115 (2, 1, 1, six missions), 111/116 (support 2), 793/GS (support 5) and "
                  "216/134, 6/894, 7/985 are named in the text (10.2.4, 14.1.4, 20.0 F, 20.2.4); the rest are the "
                  "divisions' historical field artillery battalions (105mm direct support, 155mm general support), "
                  "the German ones numbered on the pattern of 6/894 and 7/985, with fewer fire missions for the "
                  "German shortage of ammunition (10.0 Design Note)")

# Reinforcements (18.0): (side, group order, die at most, from turn, [battalion designations], entry hexes,
# artillery); 18.1.2: the US groups are 1/134 and 2/134, then 3/134 automatically the turn after, then 1/175
ARRIVALS: list[tuple[str, int, int, int, list[str], list[str]]] = [
    ("de", 1, 4, 1, ["1/5FJ"], ["5933", "5833"]),
    ("de", 2, 4, 1, ["517/915"], ["3035", "3135"]),
    ("de", 3, 4, 1, ["1/985"], ["4435", "4335"]),
    ("de", 4, 4, 1, [], []),
    ("us", 1, 3, 4, ["1/134", "2/134"], ["2400", "2500", "2600"]),
    ("us", 2, 6, 4, ["3/134"], ["2400", "2500", "2600"]),
    ("us", 3, 3, 4, ["1/175"], ["4400", "4500"]),
]
ARRIVAL_ARTILLERY = {("de", 4): ["6/894", "7/985"]}
"""20.2.4: 6/894 and 7/985 come as reinforcements (on the German Artillery Display, 18.2.3)."""
ARRIVAL_CLUE = ("reconstructed: the Reinforcement Chart is not in the rulebook; 18.1.2 gives the US order, 8.4.4 "
                "puts 1/5FJ in the first German group and 20.2 names 517/915, 6/894 and 7/985 as reinforcements; "
                "entry hexes on the map edge behind each side (the US north edge, 2.1; the German south edge on the "
                "Vire and Torigni roads east of the Vire, 1/5FJ on the east edge beyond the 2nd Division boundary, "
                "8.4.4)")

DIVISION_OP = ["us_29", "us_35", "us_2", "de_3fj", "de_352"]
"""2.2.6: each division has one OP."""
