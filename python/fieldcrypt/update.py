"""Firmware updates: verification of MCUboot images (mcuboot.h, docs/update.md) as `imgtool
sign` writes them, and the trailer that marks a slot for MCUboot.

mcuboot_check(image, pubkey, alg) checks a slot's bytes against a public key: alg
"secp256r1" (pubkey the uncompressed SEC1 point, 65 bytes, or its SubjectPublicKeyInfo DER)
or "ed25519" (32 bytes or the DER). It returns a dict (version, sizes, digest) or raises
FieldcryptError with the status (ERR_ENCODING a malformed image, ERR_LENGTH truncated or too
large, ERR_VERIFY a changed image, another key, a bad signature, ERR_DOWNGRADE a downgrade,
ERR_UNSUPPORTED an encrypted image or a protected TLV nothing checks).
"""
from __future__ import annotations

import ctypes

from . import _native as _n
from . import _alg, _bytes, _check, _provider

c_u8p, c_size, c_prov, c_int = _n.c_u8p, _n.c_size, _n.c_prov, _n.c_int

ALLOW_DOWNGRADE, CHECK_LOAD_ADDR, CMP_BUILD = 0x1, 0x2, 0x4
TRAILER_NONE, TRAILER_PENDING, TRAILER_PERMANENT, TRAILER_CONFIRMED = 0, 1, 2, 3
_TRAILER_NAMES = {TRAILER_NONE: "none", TRAILER_PENDING: "pending",
                  TRAILER_PERMANENT: "permanent", TRAILER_CONFIRMED: "confirmed"}


class _Key(ctypes.Structure):
    _fields_ = [("alg", ctypes.c_int), ("pub", ctypes.c_char_p), ("pub_len", ctypes.c_size_t)]


class _Version(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint8), ("minor", ctypes.c_uint8),
                ("revision", ctypes.c_uint16), ("build", ctypes.c_uint32)]


class _Policy(ctypes.Structure):
    _fields_ = [("min_version", _Version), ("flags", ctypes.c_uint),
                ("slot_size", ctypes.c_size_t), ("load_addr", ctypes.c_uint32)]


class _Info(ctypes.Structure):
    _fields_ = [("version", _Version), ("load_addr", ctypes.c_uint32),
                ("flags", ctypes.c_uint32), ("hdr_size", ctypes.c_uint32),
                ("img_size", ctypes.c_uint32), ("protect_tlv_size", ctypes.c_uint32),
                ("total_size", ctypes.c_size_t), ("security_counter", ctypes.c_uint32),
                ("has_security_counter", ctypes.c_int),
                ("digest", ctypes.c_uint8 * 32)]


fc_mcuboot_check = _n._sig("fc_mcuboot_check", [c_prov, ctypes.POINTER(_Info),
                                                ctypes.POINTER(_Key),
                                                ctypes.POINTER(_Policy), c_u8p, c_size])
fc_mcuboot_trailer_size = _n._sig("fc_mcuboot_trailer_size", [c_size], c_size)
fc_mcuboot_trailer = _n._sig("fc_mcuboot_trailer", [ctypes.c_void_p, c_size, ctypes.c_uint,
                                                    c_size, ctypes.c_uint8])
fc_mcuboot_trailer_read = _n._sig("fc_mcuboot_trailer_read",
                                  [ctypes.POINTER(ctypes.c_uint), c_u8p, c_size, c_size,
                                   ctypes.c_uint8])


def _version(v) -> _Version:
    """(major, minor, revision[, build]) or "1.2.3[+4]"."""
    if isinstance(v, str):
        main, _, build = v.partition("+")
        parts = [int(x) for x in main.split(".")]
        v = tuple(parts + [0] * (3 - len(parts))) + (int(build or 0),)
    v = tuple(v) + (0,) * (4 - len(v))
    return _Version(*v)


def mcuboot_check(image, pubkey, alg: str, min_version=None, slot_size: int | None = None,
                  provider: str | None = None, load_addr: int | None = None,
                  allow_downgrade: bool = False) -> dict:
    """Checks an MCUboot image (the slot's bytes); returns its info dict or raises
    FieldcryptError. min_version: "1.2.3" or a tuple; slot_size: the image must fit it."""
    image = _bytes(image, "image")
    pubkey = _bytes(pubkey, "pubkey")
    a = _alg(alg, "ec" if alg != "ed25519" else "eddsa")
    key = _Key(a.id, pubkey, len(pubkey))
    policy = _Policy()
    if min_version is not None:
        policy.min_version = _version(min_version)
    if allow_downgrade:
        policy.flags |= ALLOW_DOWNGRADE
    if slot_size is not None:
        policy.slot_size = slot_size
    if load_addr is not None:
        policy.flags |= CHECK_LOAD_ADDR
        policy.load_addr = load_addr
    info = _Info()
    _check(fc_mcuboot_check(_provider(provider), ctypes.byref(info), ctypes.byref(key),
                            ctypes.byref(policy), image, len(image)), "mcuboot check")
    v = info.version
    return {
        "version": (v.major, v.minor, v.revision, v.build),
        "load_addr": info.load_addr,
        "flags": info.flags,
        "hdr_size": info.hdr_size,
        "img_size": info.img_size,
        "protect_tlv_size": info.protect_tlv_size,
        "total_size": info.total_size,
        "security_counter": info.security_counter if info.has_security_counter else None,
        "digest": bytes(info.digest),
    }


def mcuboot_trailer(state: str, max_align: int = 8, erased: int = 0xff) -> bytes:
    """The slot's last bytes that mark it "pending", "permanent" or "confirmed"."""
    codes = {name: code for code, name in _TRAILER_NAMES.items() if code != TRAILER_NONE}
    if state not in codes:
        raise ValueError(f"state must be one of {sorted(codes)}")
    n = fc_mcuboot_trailer_size(max_align)
    if n == 0:
        raise ValueError("max_align must be 1, 2, 4, 8, 16 or 32")
    out = ctypes.create_string_buffer(n)
    _check(fc_mcuboot_trailer(out, n, codes[state], max_align, erased), "mcuboot trailer")
    return out.raw


def mcuboot_trailer_state(slot_tail, max_align: int = 8, erased: int = 0xff) -> str:
    """What the last bytes of a slot (at least the trailer's) ask of MCUboot."""
    n = fc_mcuboot_trailer_size(max_align)
    if n == 0:
        raise ValueError("max_align must be 1, 2, 4, 8, 16 or 32")
    tail = _bytes(slot_tail, "slot_tail")
    if len(tail) < n:
        raise ValueError(f"slot_tail must hold at least {n} bytes")
    state = ctypes.c_uint()
    _check(fc_mcuboot_trailer_read(ctypes.byref(state), tail[-n:], n, max_align, erased),
           "mcuboot trailer")
    return _TRAILER_NAMES[state.value]
