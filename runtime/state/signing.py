"""Signatures on play-by-e-mail packets: each side signs what it sends, with a key of its own.

A side's key pair is made for one game from its dice secret (:class:`~.dice.DiceSecret`,
never sent): the Ed25519 private key is ``sha256("hexwright-signing-key:" + secret)``, so
the one secret file a player already keeps holds it too. The public key goes into the log
with the side's dice commitment (:class:`~.actions.CommitDice` ``key``), that is in the
first save or packet the side sends; from then on a packet of that side is accepted only
with a signature that this key verifies. The first time a key arrives, nothing proves
whose it is: its fingerprint is shown so the players can compare it by another channel
(a phone call), as with SSH host keys.

Ed25519 comes from ``cryptography`` (OpenSSL underneath): signatures are easy to get
subtly wrong, and a well-kept library is the one part of this we should not write. It is
imported when a key is used, so commands that never sign start as fast as before.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

SIGNATURE = r"^[0-9a-f]{128}$"


def _private_key(secret_hex: str) -> Ed25519PrivateKey:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # loaded only to sign

    seed = hashlib.sha256(b"hexwright-signing-key:" + bytes.fromhex(secret_hex)).digest()
    return Ed25519PrivateKey.from_private_bytes(seed)


def public_key(secret_hex: str) -> str:
    """The public key (hex, 32 bytes) of the key pair made from a dice secret."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return _private_key(secret_hex).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def sign(secret_hex: str, message: bytes) -> str:
    """The signature (hex, 64 bytes) of ``message`` with the key made from ``secret_hex``."""
    return _private_key(secret_hex).sign(message).hex()


def verify(public_hex: str, message: bytes, signature_hex: str) -> bool:
    """Whether ``signature_hex`` is the signature of ``message`` by the key ``public_hex``."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(public_hex))
        key.verify(bytes.fromhex(signature_hex), message)
    except (InvalidSignature, ValueError):
        return False
    return True


def fingerprint(public_hex: str) -> str:
    """What the players compare by phone: the first 16 bytes of sha256(key), in groups of four."""
    digest = hashlib.sha256(bytes.fromhex(public_hex)).hexdigest()[:32]
    return " ".join(digest[i:i + 4] for i in range(0, 32, 4))
