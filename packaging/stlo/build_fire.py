"""rules.json ``fire`` of St-Lô (10.0-11.3, 14.0-16.0): the artillery's intensities, the Barrage
Table with its Air Strike column and the Long-Range Artillery Table, and the missions fired
from the Artillery Displays — barrage (14.1), US air strikes (15.0), interdiction (16.0) —
with on-call and defensive fire (10.4, 10.5) declared for their values, and counter-battery fire
(22.0, optional) on the Long-Range Artillery Table, disorganizing the enemy's artillery.

The two tables are not in the rulebook: they are reconstructed (their provenance says from
what), consistent with every value the text gives: 108 reads the 100+ column, where a 1 with a
strongpoint's -2 (-1) is P (14.1.4 B); P, D, DL and the Air Strike column's US result (14.1.1,
15.0 B-C); the Long-Range results 0-2 (16.0 B, 22.1.1); the DRMs that reach them (IP -1,
SP -2, 14.1 B; US weather +1 cloudy, +2 clear, 16.0 B).
"""

from __future__ import annotations

from hexwright.runtime.model.common import Provenance
from hexwright.runtime.model.fire import (
    FireColumn,
    FireIntensity,
    FireMission,
    FireResult,
    FireRules,
    FireTable,
    WeatherDrm,
)

CORPS = ["us_xix", "de_ii_fj"]
"""14.1 B: corps artillery fires with any division's OP (XIX Corps, II Fallschirmjäger Corps)."""
LOSS_ORDER = [["infantry"], ["recon"]]
"""14.1.2: infantry takes a DL's step, else recon; never assets."""
OFFER_UNITS = 2
"""The legal actions offer every pair of batteries at every intensity, and all of them together (a
bound on what is listed, 4^12 orders for a side's twelve batteries; any other order is accepted)."""
US_WEATHER = [WeatherDrm(side="us", weather="cloudy", drm=1), WeatherDrm(side="us", weather="clear", drm=2)]

BARRAGE_ROWS = [-1, 0, 1, 2, 3, 4, 5, 6]
BARRAGE = [  # label, min_value, cells by row -1..6
    ("1-3", 1, "N N N N N N N P"),
    ("4-7", 4, "N N N N N N P P"),
    ("8-15", 8, "N N N N N P P D"),
    ("16-31", 16, "N N N N P P D D"),
    ("32-63", 32, "N N N P P D D DL"),
    ("64-99", 64, "N N P P D D DL DL"),
    ("100+", 100, "P P P D D DL DL DL"),
    ("Air Strike", None, "US US US N P P D DL"),
]
LONG_RANGE_ROWS = [1, 2, 3, 4, 5, 6, 7, 8]
LONG_RANGE = [
    ("1-3", 1, "0 0 0 0 0 0 1 1"),
    ("4-7", 4, "0 0 0 0 0 1 1 1"),
    ("8-15", 8, "0 0 0 0 1 1 1 2"),
    ("16-31", 16, "0 0 0 1 1 1 2 2"),
    ("32+", 32, "0 0 1 1 1 2 2 2"),
]


def barrage_table() -> FireTable:
    return FireTable(
        name="Barrage Table", rows=BARRAGE_ROWS, section="14.1, 15.0",
        columns=[FireColumn(label=label, min_value=low, cells=cells.split()) for label, low, cells in BARRAGE],
        results={
            "N": FireResult(name="No effect", section="14.1.1"),
            "P": FireResult(name="Pinned", pin=True, section="14.1.1, 14.2.2"),
            "D": FireResult(name="Disrupted", disrupt=True, section="14.1.1, 14.1.3"),
            "DL": FireResult(name="Disrupted/Loss", disrupt=True, step_loss=1, section="14.1.1-14.1.3"),
            "US": FireResult(name="US units hit", friendly=True, section="15.0 C-E"),
        },
        provenance=Provenance(clue=(
            "reconstructed: the Barrage Table is not in the rulebook. 14.1.4 B: a final fire value of 108 reads "
            "the 100+ column, and a roll of 1 with a strongpoint (-2) is -1, P there: so rows from -1 (SP on a 1) "
            "to 6. Columns double (1-3 ... 64-99, 100+) as the three intensities and OVs 1-4 multiply values of "
            "1-5. Results N, P, D, DL (14.1.1) and the Air Strike column's US (15.0 B-C, a natural 1 or less "
            "hits US units: 'sometimes hit friends'); 14.0's design note: barrage fire rarely inflicts losses "
            "unless extremely heavy, so DL only from 32 up on high rolls")))


def long_range_table() -> FireTable:
    return FireTable(
        name="Long-Range Artillery Table", rows=LONG_RANGE_ROWS, section="16.0, 22.1",
        columns=[FireColumn(label=label, min_value=low, cells=cells.split()) for label, low, cells in LONG_RANGE],
        results={
            "0": FireResult(name="No effect", section="16.0 B"),
            "1": FireResult(name="Initiative -1", initiative=1, section="16.0 B"),
            "2": FireResult(name="Initiative -2", initiative=2, section="16.0 B"),
        },
        provenance=Provenance(clue=(
            "reconstructed: the Long-Range Artillery Table is not in the rulebook. 16.0 B and 22.1.1: results 0, "
            "1 or 2; rows 1-8 as the US adds +1 (cloudy) or +2 (clear) to a die; long-range values of 1-4 "
            "(10.2.4: 110/115 has 1, ×3 at maximum) summed over a side's batteries give 1 to about 40, so five "
            "doubling columns; harassing fire 'with potentially little payoff' (16.0 design note): 0 on most rolls")))


def fire() -> FireRules:
    return FireRules(
        unit_types=["artillery"], op_unit_types=["op"], op_radius=4,
        intensities={"normal": FireIntensity(name="normal", multiplier=1, missions=1),
                     "rapid": FireIntensity(name="rapid", multiplier=2, missions=2),
                     "maximum": FireIntensity(name="maximum", multiplier=3, missions=3)},
        tables={"barrage": barrage_table(), "long_range": long_range_table()},
        missions={
            "barrage": FireMission(name="Barrage fire", value="support", table="barrage", always_fire=CORPS,
                                   loss_order=LOSS_ORDER, offer_units=OFFER_UNITS, section="14.1"),
            "air_strike": FireMission(name="US air strike", table="barrage", column="Air Strike", ov_multiplies=False,
                                      op_near="unit_types", op_unit_types=["infantry"], firers="any",
                                      pool="air_strikes", friendly_result="DL", friendly_range=2,
                                      loss_order=LOSS_ORDER, section="15.0"),
            "interdiction": FireMission(name="Interdiction fire", value="long_range", table="long_range",
                                        target="none", observed=False, firers="any", weather_drms=US_WEATHER,
                                        offer_units=OFFER_UNITS, section="16.0"),
            "counter_battery": FireMission(name="Counter-battery fire", value="long_range", table="long_range",
                                           target="none", observed=False, firers="any", weather_drms=US_WEATHER,
                                           disorganizes=True, offer_units=OFFER_UNITS, section="22.1"),
            "on_call": FireMission(name="On-call fire", value="support", op_near="active_hq", combat="attack",
                                   same_formation_as_supported=True, max_units=1, supported_types=["infantry"],
                                   section="10.4"),
            "defensive": FireMission(name="Defensive fire", value="defensive", intensities=["normal"],
                                     op_near="supported", combat="defense", same_formation_as_supported=True,
                                     max_units=1, supported_types=["infantry"], apart_from_enemy_op=True,
                                     section="10.5, 10.2.2, 17.0 F"),
        },
        pinned="pinned", disrupted="disrupted", initiative_pool="initiative", disorganized="disorganized",
        section="10.0")
