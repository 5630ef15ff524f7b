"""The strict JSON reader refuses the same things whichever of its reads decides.

A file is first read by orjson (when installed) or by the C parser of ``json`` alone and
checked as a whole; only when that check cannot clear it is it read again with a hook on
every object and number. These cases sit where the quick checks could be fooled: repeated
keys deep down or beside a key that holds ``":`` (written plainly or as ``\\u`` escapes),
spaces before a colon, numbers at the digit limit and past 64 bits, a bare top-level value.
Every test runs twice: with orjson, and as an install without it reads.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hexwright.runtime.storage import strict_json
from hexwright.runtime.storage.strict_json import MAX_INT_DIGITS, JsonProblem, loads_strict


@pytest.fixture(autouse=True, params=["orjson", "json only"])
def reader(request, monkeypatch):
    """Each test with orjson, and again as an install without orjson reads."""
    if request.param == "json only":
        monkeypatch.setattr(strict_json, "orjson", None)
    return request.param


def _strict(text: str):
    return loads_strict(text.encode("utf-8"))


@pytest.mark.parametrize("text, key", [
    ('{"a": 1, "a": 2}', "a"),
    ('{"hexes": {"0101": {"level": 1, "level": 2}}}', "level"),
    ('[{"x": 1}, {"y": [{"z": 1, "z": 1}]}]', "z"),
    ('{"a" : 1, "a"\n:\t2}', "a"),  # whitespace before the colons
    ('{"k\\":": 1, "b": 2, "b": 3}', "b"),  # a key holding ": beside the repeated one
    ('{"s": "\\": \\":", "b": 2, "b": 3}', "b"),  # a value holding ": too
    ('{"a": {"b": 1}, "a": {"b": 1}}', "a"),  # the same member written twice
    ('{"k\\u0022:": 1, "b": 2, "b": 3}', "b"),  # a key holding ": written as an escape
    ('{"s": "\\": \\u0022\\u003a", "b": 2, "b": 3}', "b"),  # a value holding ": twice, once escaped
    ('{"s": "\\"\\u0020:", "b": 2, "b": 3}', "b"),  # " then an escaped space then :
    ('{"a": 1, "\\u0061": 2}', "a"),  # the second a written as an escape
])
def test_a_repeated_key_is_refused_wherever_it_is(text, key):
    with pytest.raises(JsonProblem, match=f"key {key!r} is written twice"):
        _strict(text)


@pytest.mark.parametrize("text", [
    '{"a": 1, "b": {"a": 1}}',  # the same key in two objects is no repeat
    '{"k\\":": 1, "v": "x\\":y", "n": {"q" :  ":"}}',  # ": inside keys and values, spaced colons
    '{}', '[]', '[[], {}, [{}]]', '5', '"text"', 'null',
    '{"big": %s, "small": -%s}' % ("9" * MAX_INT_DIGITS, "9" * MAX_INT_DIGITS),
    '{"tiny": 1e-300, "large": 1e300}',
    '{"past 64 bits": 18446744073709551616, "below": -9223372036854775809}',  # whole numbers, not floats
    '{"at 64 bits": 18446744073709551615, "float": 0.1, "precise": 2.2250738585072014e-308, "neg": -0.0}',
    '{"k\\u0022:": "\\u003a\\u0020", "\\u00e9": "é"}',
    '{"deep": %s}' % ("[" * 300 + "]" * 300),  # deeper than orjson writes back
])
def test_an_acceptable_file_reads_as_the_plain_parser_reads_it(text):
    assert repr(_strict(text)) == repr(json.loads(text))


@pytest.mark.parametrize("text, message", [
    ('{"n": %s}' % ("1" + "0" * MAX_INT_DIGITS), f"a whole number of {MAX_INT_DIGITS + 1} digits"),
    ('[-%s]' % ("1" + "0" * MAX_INT_DIGITS), f"a whole number of {MAX_INT_DIGITS + 1} digits"),
    ('%s' % ("7" * 5000), "a whole number of 5000 digits"),
    ('{"x": [1, 2, {"y": 1e400}]}', "1e400 is not a finite number"),
    ('-1E+999', "-1E+999 is not a finite number"),
    ('{"x": NaN}', "NaN is not a finite number"),
    ('{"x": 1,}', "broken JSON at line 1"),
    ('{"x":\n [1, 2,\n  3 4]}', "broken JSON at line 3 column 5"),
    ('\ufeff{"x": 1}', "broken JSON at line 1 column 1: Unexpected UTF-8 BOM"),
])
def test_numbers_out_of_bounds_and_broken_text_are_named(text, message):
    with pytest.raises(JsonProblem, match=message.replace("+", r"\+")):
        _strict(text)


def test_bytes_that_are_not_utf8_are_refused_naming_the_byte():
    with pytest.raises(JsonProblem, match=r"not UTF-8 text \(byte 7\)"):
        loads_strict(b'{"a": "\xff"}')


_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**45, max_value=10**45)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(alphabet='a": \\\u00e9\U0001f600', max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='ab":', max_size=3), inner, max_size=4),
    max_leaves=20)


@given(value=_values, repeat=st.integers(min_value=0, max_value=30), indent=st.sampled_from([None, 1]),
       ascii_only=st.booleans())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_text_reads_as_json_reads_it_or_is_refused_as_json_refuses_it(reader, value, repeat, indent, ascii_only):
    """With orjson or without, a file gives json's value, or the message json's checking read gives:
    numbers past the digit limit and keys written twice (one member copied) are refused."""
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    places = [i for i in range(len(text)) if text.startswith(', "', i) or text.startswith(',\n', i)]
    if places and repeat:  # copy the member before the comma: a repeat when that comma is inside an object
        at = places[repeat % len(places)]
        start = max(text.rfind("{", 0, at), text.rfind(", ", 0, at), text.rfind(",\n", 0, at), 0)
        text = text[:at] + ", " + text[start:at].lstrip("{,\n ") + text[at:]
    try:
        expected = strict_json._loads_checked(text)
    except JsonProblem as exc:
        with pytest.raises(JsonProblem) as caught:
            loads_strict(text.encode("utf-8"))
        assert str(caught.value) == str(exc)
    else:
        assert repr(loads_strict(text.encode("utf-8"))) == repr(expected)  # types too: 10**20 is no float
