"""VASSAL's sequence encoding and our piece definitions (issue 16: names with / ; , and tabs)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexwright.runtime.interchange.vassal_encoding import decode, encode
from hexwright.runtime.interchange.vassal_pieces import PieceDef, parse_definition, piece_definition


def test_encoding_escapes_the_delimiter_and_quotes_a_leading_backslash():
    assert encode(["a;b", "c"], ";") == "a\\;b;c"
    assert encode(["\\x", "'q'"], ";") == "'\\x';''q''"
    assert encode(["", ""], ";") == ";"
    assert decode("a\\;b;c", ";") == ["a;b", "c"]
    assert decode("'\\x';''q''", ";") == ["\\x", "'q'"]


@given(st.lists(st.text(alphabet="ab/;,\t'\\ ", max_size=6), min_size=1, max_size=5), st.sampled_from("/;,\t"))
def test_decode_reads_back_what_encode_wrote(parts, delim):
    if any(p.endswith("\\") for p in parts[:-1]):
        return  # VASSAL's own ambiguity: a part ending in a backslash swallows the delimiter after it
    assert decode(encode(parts, delim), delim) == parts


@pytest.mark.parametrize("name", ["1/2 Bn; A,B", "tab\there", "\\lead", "'quoted'", "plain"])
def test_a_piece_name_with_vassal_delimiters_survives_the_definition(name):
    piece = PieceDef(name=name, front="unit_a_0.png", backs=("unit_a_1.png", "unit_a_2.png"),
                     properties=(("HexwrightId", "a/b"), ("Side", "us,de")), level=2)
    text = piece_definition(piece, 7)
    assert text.startswith("+/null/mark;HexwrightId,Side\temb2;")
    assert "\n" not in text
    assert parse_definition(text) == piece


def test_the_flip_layer_is_bound_to_ctrl_f():
    text = piece_definition(PieceDef(name="x", front="f.png", backs=("b.png",)), 1)
    layer = decode(decode(text[2:], "/")[1], "\t")[0]
    fields = decode(layer[len("emb2;"):], ";")
    assert fields[0] == "Flip" and fields[15] == "b.png" and fields[26] == "70,130"


def test_a_definition_without_a_basic_piece_is_refused():
    with pytest.raises(ValueError, match="basic piece"):
        parse_definition("+/null/mark;A/x")
    with pytest.raises(ValueError, match="starts with"):
        parse_definition("piece;;;a.png;A")
