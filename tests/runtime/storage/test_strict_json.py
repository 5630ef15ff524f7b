"""The strict JSON reader refuses the same things whichever of its two reads decides.

A file is first read by the C parser alone and checked as a whole; only when that check
cannot clear it is it read again with a hook on every object and number. These cases sit
where the quick check could be fooled: repeated keys deep down or beside a key that holds
``":``, spaces before a colon, numbers at the digit limit, a bare top-level value.
"""

from __future__ import annotations

import json

import pytest

from hexwright.runtime.storage.strict_json import MAX_INT_DIGITS, JsonProblem, loads_strict


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
])
def test_an_acceptable_file_reads_as_the_plain_parser_reads_it(text):
    assert _strict(text) == json.loads(text)


@pytest.mark.parametrize("text, message", [
    ('{"n": %s}' % ("1" + "0" * MAX_INT_DIGITS), f"a whole number of {MAX_INT_DIGITS + 1} digits"),
    ('[-%s]' % ("1" + "0" * MAX_INT_DIGITS), f"a whole number of {MAX_INT_DIGITS + 1} digits"),
    ('%s' % ("7" * 5000), "a whole number of 5000 digits"),
    ('{"x": [1, 2, {"y": 1e400}]}', "1e400 is not a finite number"),
    ('-1E+999', "-1E+999 is not a finite number"),
    ('{"x": NaN}', "NaN is not a finite number"),
    ('{"x": 1,}', "broken JSON at line 1"),
])
def test_numbers_out_of_bounds_and_broken_text_are_named(text, message):
    with pytest.raises(JsonProblem, match=message.replace("+", r"\+")):
        _strict(text)
