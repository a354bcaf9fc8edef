"""Bluetooth LE pairing crypto (ble.h): the Security Manager's toolbox (Bluetooth Core v5.x,
Vol 3, Part H, 2.2) and P-256 keys for LE Secure Connections. Each function takes provider=
(None: the default chain).

Byte strings are MSB first, as the specification writes the functions and prints its sample
data; the SMP PDUs carry them little-endian (reverse them: ``value[::-1]``). Addresses a1/a2
are 7 bytes (address type, then the 6-byte address); public keys are X || Y (64 bytes).

ble_dhkey validates the peer key first: a key off the curve or with a coordinate >= p raises
FieldcryptError with ERR_POINT (CVE-2018-5383), the specification's debug public key raises
ERR_KEY unless allow_debug=True.
"""
from __future__ import annotations

import ctypes

from . import _native as _n
from .pake import _rng_struct
from . import _bytes, _check, _provider

c_u8p, c_out, c_prov, c_int = _n.c_u8p, _n.c_out, _n.c_prov, _n.c_int
c_u8, c_unsigned, c_void = ctypes.c_uint8, ctypes.c_uint, ctypes.c_void_p

BLE_ALLOW_DEBUG_KEY = 0x1


def _sig(name, argtypes, restype=c_int):
    try:
        return _n._sig(name, argtypes, restype)
    except AttributeError:
        def missing(*_args):
            raise NotImplementedError(f"{name} is not in this build of libfieldcrypt")
        return missing


fc_ble_f4 = _sig("fc_ble_f4", [c_prov, c_out, c_u8p, c_u8p, c_u8p, c_u8])
fc_ble_f5 = _sig("fc_ble_f5", [c_prov, c_out, c_out, c_u8p, c_u8p, c_u8p, c_u8p, c_u8p])
fc_ble_f6 = _sig("fc_ble_f6", [c_prov, c_out, c_u8p, c_u8p, c_u8p, c_u8p, c_u8p, c_u8p, c_u8p])
fc_ble_g2 = _sig("fc_ble_g2", [c_prov, ctypes.POINTER(ctypes.c_uint32), c_u8p, c_u8p, c_u8p,
                               c_u8p])
fc_ble_h6 = _sig("fc_ble_h6", [c_prov, c_out, c_u8p, c_u8p])
fc_ble_h7 = _sig("fc_ble_h7", [c_prov, c_out, c_u8p, c_u8p])
fc_ble_ah = _sig("fc_ble_ah", [c_prov, c_out, c_u8p, c_u8p])
fc_ble_c1 = _sig("fc_ble_c1", [c_prov, c_out, c_u8p, c_u8p, c_u8p, c_u8p, c_u8, c_u8, c_u8p,
                               c_u8p])
fc_ble_s1 = _sig("fc_ble_s1", [c_prov, c_out, c_u8p, c_u8p, c_u8p])
fc_ble_keypair = _sig("fc_ble_keypair", [c_prov, c_void, c_out, c_out])
fc_ble_dhkey = _sig("fc_ble_dhkey", [c_prov, c_out, c_u8p, c_u8p, c_unsigned])


def _constant(name: str, n: int) -> bytes | None:
    try:
        return bytes((ctypes.c_uint8 * n).in_dll(_n.lib, name))
    except ValueError:
        return None


# DEBUG ONLY: the specification's debug key pair (2.3.5.6.1); its private key is public.
BLE_DEBUG_PRIVATE = _constant("fc_ble_debug_private", 32)
BLE_DEBUG_PUBLIC = _constant("fc_ble_debug_public", 64)


def _out(n: int):
    return ctypes.create_string_buffer(n)


def ble_f4(u: bytes, v: bytes, x: bytes, z: int, provider: str | None = None) -> bytes:
    """f4 (2.2.6), the confirm value AES-CMAC_X(U || V || Z): U, V 32 bytes, X 16, Z 0..255."""
    u, v, x = _bytes(u, "u", 32), _bytes(v, "v", 32), _bytes(x, "x", 16)
    if not isinstance(z, int) or not 0 <= z <= 255:
        raise ValueError("z must be 0..255")
    out = _out(16)
    _check(fc_ble_f4(_provider(provider), out, u, v, x, z), "ble f4")
    return out.raw


def ble_f5(w: bytes, n1: bytes, n2: bytes, a1: bytes, a2: bytes,
           provider: str | None = None) -> tuple[bytes, bytes]:
    """f5 (2.2.7): (MacKey, LTK) from the DHKey w (32 bytes), nonces (16) and addresses (7)."""
    w, n1, n2 = _bytes(w, "w", 32), _bytes(n1, "n1", 16), _bytes(n2, "n2", 16)
    a1, a2 = _bytes(a1, "a1", 7), _bytes(a2, "a2", 7)
    mackey, ltk = _out(16), _out(16)
    _check(fc_ble_f5(_provider(provider), mackey, ltk, w, n1, n2, a1, a2), "ble f5")
    return mackey.raw, ltk.raw


def ble_f6(w: bytes, n1: bytes, n2: bytes, r: bytes, iocap: bytes, a1: bytes, a2: bytes,
           provider: str | None = None) -> bytes:
    """f6 (2.2.8), the DHKey check: w the MacKey (16), iocap AuthReq || OOB || IO cap (3)."""
    w, n1, n2, r = (_bytes(w, "w", 16), _bytes(n1, "n1", 16), _bytes(n2, "n2", 16),
                    _bytes(r, "r", 16))
    iocap, a1, a2 = _bytes(iocap, "iocap", 3), _bytes(a1, "a1", 7), _bytes(a2, "a2", 7)
    out = _out(16)
    _check(fc_ble_f6(_provider(provider), out, w, n1, n2, r, iocap, a1, a2), "ble f6")
    return out.raw


def ble_g2(u: bytes, v: bytes, x: bytes, y: bytes, provider: str | None = None) -> int:
    """g2 (2.2.9): the six-digit numeric comparison value (0..999999)."""
    u, v, x, y = _bytes(u, "u", 32), _bytes(v, "v", 32), _bytes(x, "x", 16), _bytes(y, "y", 16)
    value = ctypes.c_uint32(0)
    _check(fc_ble_g2(_provider(provider), ctypes.byref(value), u, v, x, y), "ble g2")
    return value.value


def ble_h6(w: bytes, keyid: bytes, provider: str | None = None) -> bytes:
    """h6 (2.2.10): AES-CMAC_W(keyID), keyID 4 bytes (b"lebr", b"tmp1", ...)."""
    w, keyid = _bytes(w, "w", 16), _bytes(keyid, "keyid", 4)
    out = _out(16)
    _check(fc_ble_h6(_provider(provider), out, w, keyid), "ble h6")
    return out.raw


def ble_h7(salt: bytes, w: bytes, provider: str | None = None) -> bytes:
    """h7 (2.2.11): AES-CMAC_SALT(W)."""
    salt, w = _bytes(salt, "salt", 16), _bytes(w, "w", 16)
    out = _out(16)
    _check(fc_ble_h7(_provider(provider), out, salt, w), "ble h7")
    return out.raw


def ble_ah(irk: bytes, r: bytes, provider: str | None = None) -> bytes:
    """ah (2.2.2), the 3-byte random address hash of prand r (3 bytes) under the IRK."""
    irk, r = _bytes(irk, "irk", 16), _bytes(r, "r", 3)
    out = _out(3)
    _check(fc_ble_ah(_provider(provider), out, irk, r), "ble ah")
    return out.raw


def ble_c1(k: bytes, r: bytes, preq: bytes, pres: bytes, iat: int, rat: int, ia: bytes,
           ra: bytes, provider: str | None = None) -> bytes:
    """LEGACY pairing: c1 (2.2.3), the confirm value; iat / rat the address types (0 or 1)."""
    k, r = _bytes(k, "k", 16), _bytes(r, "r", 16)
    preq, pres = _bytes(preq, "preq", 7), _bytes(pres, "pres", 7)
    ia, ra = _bytes(ia, "ia", 6), _bytes(ra, "ra", 6)
    if iat not in (0, 1) or rat not in (0, 1):
        raise ValueError("iat and rat must be 0 or 1")
    out = _out(16)
    _check(fc_ble_c1(_provider(provider), out, k, r, preq, pres, iat, rat, ia, ra), "ble c1")
    return out.raw


def ble_s1(k: bytes, r1: bytes, r2: bytes, provider: str | None = None) -> bytes:
    """LEGACY pairing: s1 (2.2.4), the STK from the TK and the two random values."""
    k, r1, r2 = _bytes(k, "k", 16), _bytes(r1, "r1", 16), _bytes(r2, "r2", 16)
    out = _out(16)
    _check(fc_ble_s1(_provider(provider), out, k, r1, r2), "ble s1")
    return out.raw


def ble_keypair(provider: str | None = None, rng=None) -> tuple[bytes, bytes]:
    """A fresh P-256 pair (private 32 bytes, public X || Y 64 bytes); rng a callable n -> bytes,
    None: the library's default source."""
    rng_struct, _keep = _rng_struct(rng)
    priv, pub = _out(32), _out(64)
    _check(fc_ble_keypair(_provider(provider),
                          ctypes.byref(rng_struct) if rng_struct is not None else None,
                          priv, pub), "ble keypair")
    return priv.raw, pub.raw


def ble_dhkey(priv: bytes, peer: bytes, allow_debug: bool = False,
              provider: str | None = None) -> bytes:
    """The DHKey x(priv * peer), 32 bytes; peer X || Y validated first (ERR_POINT), the debug
    key refused (ERR_KEY) unless allow_debug."""
    priv, peer = _bytes(priv, "private key", 32), _bytes(peer, "peer public key", 64)
    out = _out(32)
    _check(fc_ble_dhkey(_provider(provider), out, priv, peer,
                        BLE_ALLOW_DEBUG_KEY if allow_debug else 0), "ble dhkey")
    return out.raw


__all__ = ["BLE_ALLOW_DEBUG_KEY", "BLE_DEBUG_PRIVATE", "BLE_DEBUG_PUBLIC", "ble_f4", "ble_f5",
           "ble_f6", "ble_g2", "ble_h6", "ble_h7", "ble_ah", "ble_c1", "ble_s1", "ble_keypair",
           "ble_dhkey"]
