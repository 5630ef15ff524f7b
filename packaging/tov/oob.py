"""Traces of Victory orders of battle (2.2, 2.3, 3.1, 11.0, 14.0), as data for the build.

The rulebook names the armies, the corps, the HQ chits and a few divisions and regiments;
the counter values and setup hexes are not in it. Units are the historical regiments and
combat commands of November 1944 (Cole, *The Lorraine Campaign*; Bonn, *When the Odds Were
Even*); their values are reconstructed by type (``VALUES``) and their setup hexes from
their historical positions on 8-13 November 1944 (lon, lat), put on the map by the same
projection as the terrain.
"""

from __future__ import annotations

Where = tuple[float, float] | str  # a position, or a setup code: Metz, GT2…, Act1…, Res

# type: (steps as (attack, defense) for mechanized or (combat, combat)), movement, unit type, size
VALUES: dict[str, tuple[list[tuple[int, int]], int, str, str]] = {
    "us_inf": ([(4, 4), (2, 2)], 5, "infantry", "III"),
    "us_cc": ([(8, 5), (4, 3)], 8, "armor", "X"),
    "us_cav": ([(3, 3), (2, 1)], 8, "armored_cavalry", "III"),
    "fr_gt": ([(7, 5), (4, 3)], 8, "armor", "X"),
    "de_inf": ([(4, 4), (2, 2)], 4, "infantry", "III"),
    "de_vg": ([(3, 3), (1, 1)], 4, "infantry", "III"),
    "de_garrison": ([(2, 2)], 3, "infantry", "III"),
    "de_pg": ([(5, 4), (3, 2)], 7, "mech_infantry", "III"),
    "de_pz": ([(7, 4), (4, 2)], 7, "armor", "II"),
    "us_hq": ([(1, 1), (1, 1)], 6, "hq", "XXX"),
    "de_hq": ([(1, 1), (1, 1)], 6, "hq", "XXX"),
}
COMMAND_RANGE = 6
"""12.2: 'within Command Range (6 hexes)'."""

# army id: (name, side)
ARMIES = {
    "us_3rd": ("US Third Army", "us"), "us_7th": ("US Seventh Army", "us"),
    "de_1st": ("German 1st Army", "de"), "de_19th": ("German 19th Army", "de"),
    "de_okw": ("German reinforcements (OB West)", "de"),
}
# corps id: (name, army, colour bar, HQ position)
CORPS: dict[str, tuple[str, str, str, Where]] = {
    "us_xx": ("XX Corps", "us_3rd", "#c03030", (5.95, 49.16)),
    "us_xii": ("XII Corps", "us_3rd", "#3050c0", (6.17, 48.73)),
    "us_xv": ("XV Corps", "us_7th", "#d0a020", (6.62, 48.55)),
    "us_vi": ("VI Corps", "us_7th", "#20a0a0", "Act1"),
    "de_lxxxii": ("LXXXII Corps", "de_1st", "#404040", (6.45, 49.30)),
    "de_xiii_ss": ("XIII SS Corps", "de_1st", "#101010", (6.52, 49.02)),
    "de_lxxxix": ("LXXXIX Corps", "de_19th", "#607080", (7.05, 48.66)),
    "de_iv_lwf": ("IV Luftwaffe Field Corps", "de_19th", "#3070b0", (7.05, 48.35)),
    "de_lxiv": ("LXIV Corps", "de_19th", "#806040", (7.12, 48.22)),
}
# division id: (name, corps or army, kind, [(unit id, designation, where)])
DIVISIONS: dict[str, tuple[str, str, str, list[tuple[str, str, Where]]]] = {
    # --- US Third Army, XX Corps: west of the Moselle from Thionville to Metz, the Arnaville bridgehead
    "us_90": ("90th Infantry Division", "us_xx", "us_inf",
              [("357", "357", (6.10, 49.40)), ("358", "358", (6.12, 49.33)), ("359", "359", (6.07, 49.46))]),
    "us_95": ("95th Infantry Division", "us_xx", "us_inf",
              [("377", "377", (6.08, 49.24)), ("378", "378", (6.00, 49.15)), ("379", "379", (6.00, 49.09))]),
    "us_5": ("5th Infantry Division", "us_xx", "us_inf",
             [("2", "2", (6.10, 48.98)), ("10", "10", (6.14, 48.97)), ("11", "11", (6.03, 49.02))]),
    "us_10ad": ("10th Armored Division", "us_xx", "us_cc",
                [("cca", "CCA", "Act1"), ("ccb", "CCB", "Act1"), ("ccr", "CCR", "Res")]),
    "us_3cav": ("3rd Cavalry Group", "us_xx", "us_cav", [("3cav", "3 Cav", (5.95, 49.30))]),
    # --- XII Corps: east of the Moselle from Pont-à-Mousson to Arracourt
    "us_80": ("80th Infantry Division", "us_xii", "us_inf",
              [("317", "317", (6.15, 48.88)), ("318", "318", (6.20, 48.86)), ("319", "319", (6.25, 48.85))]),
    "us_35": ("35th Infantry Division", "us_xii", "us_inf",
              [("134", "134", (6.32, 48.82)), ("137", "137", (6.38, 48.79)), ("320", "320", (6.30, 48.78))]),
    "us_26": ("26th Infantry Division", "us_xii", "us_inf",
              [("101", "101", (6.45, 48.76)), ("104", "104", (6.52, 48.73)), ("328", "328", (6.42, 48.72))]),
    "us_4ad": ("4th Armored Division", "us_xii", "us_cc",
               [("cca", "CCA", (6.35, 48.70)), ("ccb", "CCB", (6.28, 48.72)), ("ccr", "CCR", (6.40, 48.68))]),
    "us_6ad": ("6th Armored Division", "us_xii", "us_cc",
               [("cca", "CCA", (6.12, 48.80)), ("ccb", "CCB", (6.08, 48.84)), ("ccr", "CCR", (6.05, 48.78))]),
    "us_2cav": ("2nd Cavalry Group", "us_xii", "us_cav", [("2cav", "2 Cav", (6.55, 48.68))]),
    # --- US Seventh Army, XV Corps: Lunéville to Baccarat
    "us_44": ("44th Infantry Division", "us_xv", "us_inf",
              [("71", "71", (6.78, 48.64)), ("114", "114", (6.85, 48.62)), ("324", "324", (6.74, 48.60))]),
    "us_79": ("79th Infantry Division", "us_xv", "us_inf",
              [("313", "313", (6.78, 48.55)), ("314", "314", (6.84, 48.52)), ("315", "315", (6.72, 48.53))]),
    "fr_2db": ("French 2nd Armored Division", "us_xv", "fr_gt",
               [("gtd", "GT D", (6.76, 48.46)), ("gtl", "GT L", (6.70, 48.44)), ("gtv", "GT V", (6.80, 48.48))]),
    "us_106cav": ("106th Cavalry Group", "us_xv", "us_cav", [("106cav", "106 Cav", (6.72, 48.68))]),
    # --- VI Corps: the Vosges; the HQ and three divisions arrive with the VI chit (11.1)
    "us_36": ("36th Infantry Division", "us_vi", "us_inf",
              [("141", "141", (6.80, 48.22)), ("142", "142", (6.75, 48.18)), ("143", "143", (6.85, 48.15))]),
    "us_45": ("45th Infantry Division", "us_vi", "us_inf",
              [("157", "157", (6.78, 48.36)), ("179", "179", (6.72, 48.31)), ("180", "180", (6.82, 48.40))]),
    "us_3": ("3rd Infantry Division", "us_vi", "us_inf", [("7", "7", "Act1"), ("15", "15", "Act1"), ("30", "30", "Act1")]),
    "us_103": ("103rd Infantry Division", "us_vi", "us_inf",
               [("409", "409", "Act2"), ("410", "410", "Act2"), ("411", "411", "Act2")]),
    "us_100": ("100th Infantry Division", "us_vi", "us_inf",
               [("397", "397", "Act3"), ("398", "398", "Act3"), ("399", "399", "Act3")]),
    "us_14ad": ("14th Armored Division", "us_vi", "us_cc",
                [("cca", "CCA", "Res"), ("ccb", "CCB", "Res"), ("ccr", "CCR", "Res")]),
    # --- German 1st Army, LXXXII Corps: the Moselle north of Metz, the Metz garrison, 361st VG
    "de_416": ("416th Infantry Division", "de_lxxxii", "de_inf",
               [("712", "712", (6.22, 49.40)), ("713", "713", (6.25, 49.33)), ("714", "714", (6.30, 49.46))]),
    "de_19vg": ("19th Volksgrenadier Division", "de_lxxxii", "de_vg",
                [("59", "59", (6.24, 49.25)), ("73", "73", (6.30, 49.20)), ("74", "74", (6.36, 49.28))]),
    "de_462": ("462nd Volksgrenadier Division (Metz garrison)", "de_lxxxii", "de_garrison",
               [("1215", "1215", "Metz"), ("1216", "1216", "Metz"), ("1217", "1217", "Metz"),
                ("1010", "1010 Sich", "Metz"), ("fjs", "FJ Schule", "Metz")]),
    "de_361": ("361st Volksgrenadier Division", "de_lxxxii", "de_vg",
               [("951", "951", (6.58, 48.86)), ("952", "952", (6.64, 48.86)), ("953", "953", (6.70, 48.84))]),
    # --- XIII SS Corps: south-east of Metz to Château-Salins
    "de_17ss": ("17th SS Panzergrenadier Division", "de_xiii_ss", "de_pg",
                [("37", "37 SS", (6.25, 49.05)), ("38", "38 SS", (6.30, 48.98))]),
    "de_48": ("48th Infantry Division", "de_xiii_ss", "de_inf",
              [("126", "126", (6.25, 48.93)), ("127", "127", (6.31, 48.90)), ("128", "128", (6.36, 48.87))]),
    "de_559": ("559th Volksgrenadier Division", "de_xiii_ss", "de_vg",
               [("1125", "1125", (6.42, 48.85)), ("1126", "1126", (6.48, 48.82)), ("1127", "1127", (6.52, 48.79))]),
    "de_11pz": ("11th Panzer Division", "de_xiii_ss", "de_pg",
                [("110", "110", (6.55, 48.95)), ("111", "111", (6.60, 48.98)), ("15", "15 Pz", (6.52, 48.99))]),
    # --- German 19th Army: LXXXIX Corps facing XV Corps, IV LWF and LXIV Corps in the Vosges
    "de_553": ("553rd Volksgrenadier Division", "de_lxxxix", "de_vg",
               [("1119", "1119", (6.90, 48.66)), ("1120", "1120", (6.95, 48.62)), ("1121", "1121", (6.88, 48.70))]),
    "de_708": ("708th Volksgrenadier Division", "de_lxxxix", "de_vg",
               [("728", "728", (6.90, 48.55)), ("748", "748", (6.93, 48.50)), ("760", "760", (6.88, 48.47))]),
    "de_198": ("198th Infantry Division", "de_iv_lwf", "de_inf",
               [("305", "305", (6.88, 48.40)), ("308", "308", (6.92, 48.36)), ("326", "326", (6.96, 48.32))]),
    "de_16vg": ("16th Volksgrenadier Division", "de_lxiv", "de_vg",
                [("221", "221", (6.90, 48.25)), ("223", "223", (6.88, 48.20)), ("225", "225", (6.93, 48.15))]),
    "de_716": ("716th Infantry Division", "de_lxiv", "de_vg",
               [("726", "726", (6.98, 48.11)), ("736", "736", (7.00, 48.28))]),
    # --- reinforcements (11.2): on the turn given, with the German Reinforcement chit
    "de_25pg": ("25th Panzergrenadier Division", "de_okw", "de_pg",
                [("35", "35", "GT2"), ("119", "119", "GT2"), ("5pz", "5 Pz", "GT2")]),
    "de_36vg": ("36th Volksgrenadier Division", "de_okw", "de_vg",
                [("87", "87", "GT3"), ("118", "118", "GT3"), ("165", "165", "GT3")]),
    "de_347": ("347th Infantry Division", "de_okw", "de_inf",
               [("860", "860", "GT5"), ("861", "861", "GT5"), ("862", "862", "GT5")]),
    "de_lehr": ("Panzer Lehr Division", "de_okw", "de_pg",
                [("901", "901", "GT7"), ("902", "902", "GT7"), ("130", "130 Pz", "GT7")]),
    "de_21pz": ("21st Panzer Division", "de_okw", "de_pg",
                [("125", "125", "GT9"), ("192", "192", "GT9"), ("22", "22 Pz", "GT9")]),
}
PANZER = {"de_11pz_15", "de_25pg_5pz", "de_lehr_130", "de_21pz_22"}
"""Tank units within the panzer and panzergrenadier divisions (armor values)."""
RESTRICTED = {"us_4ad", "us_6ad", "de_11pz"}
"""12.1: may not move prior to Turn 4."""
ARRIVAL_CHIT = {"us_xx": "us_xx_1", "us_vi": "us_vi_1"}
"""11.1: arrivals come with the first, second or third draw of their parent HQ's chit (the
first of its chits, as the draws are counted per HQ)."""
