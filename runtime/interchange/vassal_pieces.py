"""VASSAL piece definitions: a chain of traits around a basic piece, as one encoded string.

A piece slot of a ``.vmod`` holds ``+/null/TYPE/STATE``. TYPE is the outermost trait's type,
a tab, then the type of everything inside it, down to the basic piece
(``piece;;;front.png;Name``); STATE is nested the same way. We write three kinds of trait
and read them back:

* ``mark;`` (Marker): named properties; ours are ``HexwrightId`` and ``Side``;
* ``emb2;`` (Layer): the images shown instead of the front, one per further step or face;
  ``Ctrl+F`` turns the counter over (a step loss), ``Ctrl+L`` shows the next step after that;
* ``piece;`` (Basic piece): the front image and the name.

Any other trait of a stranger's piece is kept out and named in the import report.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .vassal_encoding import decode, encode, encode_part

CTRL = 130  # Java's CTRL_DOWN_MASK | CTRL_MASK, the modifiers VASSAL writes for Ctrl
KEY_F, KEY_L = 70, 76
ID_PROPERTY = "HexwrightId"
SIDE_PROPERTY = "Side"
MAX_TRAITS = 200


@dataclass(frozen=True)
class PieceDef:
    """What we put into, or read out of, one VASSAL piece."""

    name: str
    front: str
    backs: tuple[str, ...] = ()
    properties: tuple[tuple[str, str], ...] = ()
    level: int = 0
    """0: the front is shown; n: the n-th image of ``backs`` is."""
    unknown_traits: tuple[str, ...] = field(default=(), compare=False)

    def property(self, key: str) -> str | None:
        return next((v for k, v in self.properties if k == key), None)


def _layer_type(images: tuple[str, ...]) -> str:
    more = len(images) > 1
    fields = [
        "Flip", str(CTRL), "F", "Next step" if more else "", str(CTRL), "L" if more else "", "", str(CTRL), "",
        "", "", "1", "false", "0", "0",
        encode(images, ","), encode([""] * len(images), ","), "false", "Step",
        "", "", "false", "", "1", "1", "false",
        f"{KEY_F},{CTRL}", f"{KEY_L},{CTRL}" if more else "", "",
        "Flip (step loss)", "1.0", "", "true",
    ]
    return "emb2;" + encode(fields, ";")


def _nest(parts: list[str]) -> str:
    """Trait strings outermost first, joined as VASSAL nests them (each inner part escaped once more)."""
    inner = parts[-1]
    for part in reversed(parts[:-1]):
        inner = encode([part, inner], "\t")
    return inner


def piece_definition(piece: PieceDef, gpid: int) -> str:
    """The text of a ``PieceSlot`` for ``piece``."""
    types: list[str] = []
    states: list[str] = []
    if piece.properties:
        types.append("mark;" + encode([k for k, _ in piece.properties], ","))
        states.append(encode([v for _, v in piece.properties], ","))
    if piece.backs:
        types.append(_layer_type(piece.backs))
        states.append(str(piece.level if piece.level else -1))
    # VASSAL decodes the innermost type once more than it nests it, so its tabs are escaped
    # once more here: a name with a tab then reads back whole.
    types.append(encode_part("piece;" + encode(["", "", piece.front, piece.name], ";"), "\t"))
    states.append(encode(["null", "0", "0", str(gpid), "0"], ";"))
    return "+/" + encode(["null", _nest(types), _nest(states)], "/")


def _unnest(value: str) -> list[str]:
    parts: list[str] = []
    rest: str | None = value
    while rest is not None:
        if len(parts) >= MAX_TRAITS:
            raise ValueError(f"more than {MAX_TRAITS} traits")
        split = decode(rest, "\t")
        parts.append(split[0])
        rest = split[1] if len(split) > 1 else None
    return parts


def parse_definition(text: str) -> PieceDef:
    """Read a ``PieceSlot``'s text; raises ValueError saying what is wrong with it."""
    text = text.strip()
    if not text.startswith("+/"):
        raise ValueError("a piece definition starts with '+/'")
    parts = decode(text[2:], "/")
    if len(parts) < 2:
        raise ValueError("a piece definition needs a type")
    types = _unnest(parts[1])
    states = _unnest(parts[2]) if len(parts) > 2 else []
    states += [""] * (len(types) - len(states))
    basic = types[-1]
    if not basic.startswith("piece;"):
        raise ValueError(f"the innermost trait is {basic.split(';')[0]!r}, not a basic piece")
    fields = decode(basic[len("piece;"):], ";") + ["", "", "", ""]
    front, name = fields[2], fields[3]
    backs: tuple[str, ...] = ()
    level = 0
    properties: list[tuple[str, str]] = []
    unknown: list[str] = []
    for trait, state in zip(types[:-1], states[:-1]):
        trait_id = trait.split(";", 1)[0] + ";"
        if trait_id == "emb2;" and not backs:
            layer = decode(trait[len("emb2;"):], ";")
            images = [i for i in decode(layer[15], ",") if i] if len(layer) > 15 else []
            backs = tuple(images)
            try:
                level = max(0, int(decode(state, ";")[0] or "-1"))
            except ValueError:
                level = 0
        elif trait_id == "mark;":
            keys = decode(trait[len("mark;"):], ",")
            values = decode(state, ",") + [""] * len(keys)
            properties += list(zip(keys, values))
        else:
            unknown.append(trait_id.rstrip(";"))
    if level > len(backs):
        level = 0
    return PieceDef(name=name, front=front, backs=backs, properties=tuple(properties), level=level,
                    unknown_traits=tuple(unknown))
