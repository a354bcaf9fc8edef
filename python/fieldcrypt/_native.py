"""Loads libfieldcrypt.so and declares the C signatures (ctypes)."""
from __future__ import annotations

import ctypes
import os
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_REPO = _HERE.parent.parent


def _candidates() -> list[Path]:
    env = os.environ.get("FIELDCRYPT_LIB")
    if env:
        return [Path(env)]
    return [
        _HERE / "libfieldcrypt.so",                 # installed next to the package
        _REPO / "build" / "host" / "libfieldcrypt.so",  # source checkout, default build
    ]


def _load() -> ctypes.CDLL:
    tried = []
    for path in _candidates():
        if path.exists():
            return ctypes.CDLL(str(path))
        tried.append(str(path))
    raise OSError("libfieldcrypt.so not found (tried: %s); build it or set FIELDCRYPT_LIB"
                  % ", ".join(tried))


lib = _load()

c_u8p = ctypes.c_char_p          # input buffers: bytes objects
c_out = ctypes.c_void_p          # output buffers: ctypes string buffers
c_size = ctypes.c_size_t
c_prov = ctypes.c_void_p
c_int = ctypes.c_int


def _sig(name, argtypes, restype=c_int):
    fn = getattr(lib, name)
    fn.argtypes = argtypes
    fn.restype = restype
    return fn


fc_status_str = _sig("fc_status_str", [c_int], ctypes.c_char_p)
fc_provider_count = _sig("fc_provider_count", [], c_size)
fc_provider_at = _sig("fc_provider_at", [c_size], c_prov)
fc_provider_find = _sig("fc_provider_find", [ctypes.c_char_p], c_prov)
fc_provider_default = _sig("fc_provider_default", [], c_prov)
fc_provider_name = _sig("fc_provider_name", [c_prov], ctypes.c_char_p)
fc_provider_description = _sig("fc_provider_description", [c_prov], ctypes.c_char_p)
fc_provider_supports = _sig("fc_provider_supports", [c_prov, ctypes.c_char_p])
fc_context_size = _sig("fc_context_size", [ctypes.c_char_p], c_size)

fc_hash = _sig("fc_hash", [c_int, c_prov, c_u8p, c_size, c_out, c_size])
fc_hash_init = _sig("fc_hash_init", [c_out, c_int, c_prov])
fc_hash_update = _sig("fc_hash_update", [c_out, c_u8p, c_size])
fc_hash_final = _sig("fc_hash_final", [c_out, c_out, c_size])
fc_hash_abort = _sig("fc_hash_abort", [c_out], None)
fc_hmac = _sig("fc_hmac", [c_int, c_prov, c_u8p, c_size, c_u8p, c_size, c_out, c_size])
fc_hmac_verify = _sig("fc_hmac_verify", [c_int, c_prov, c_u8p, c_size, c_u8p, c_size, c_u8p, c_size])
fc_hmac_init = _sig("fc_hmac_init", [c_out, c_int, c_prov, c_u8p, c_size])
fc_hmac_update = _sig("fc_hmac_update", [c_out, c_u8p, c_size])
fc_hmac_final = _sig("fc_hmac_final", [c_out, c_out, c_size])
fc_hmac_abort = _sig("fc_hmac_abort", [c_out], None)
fc_hkdf = _sig("fc_hkdf", [c_int, c_prov, c_u8p, c_size, c_u8p, c_size, c_u8p, c_size, c_out, c_size])
fc_hkdf_extract = _sig("fc_hkdf_extract", [c_int, c_prov, c_u8p, c_size, c_u8p, c_size, c_out, c_size])
fc_hkdf_expand = _sig("fc_hkdf_expand", [c_int, c_prov, c_u8p, c_size, c_u8p, c_size, c_out, c_size])
fc_salsa20 = _sig("fc_salsa20", [c_prov, c_u8p, c_size, c_u8p, c_u8p, c_out, c_size])
fc_xsalsa20 = _sig("fc_xsalsa20", [c_prov, c_u8p, c_u8p, c_u8p, c_out, c_size])
fc_hsalsa20 = _sig("fc_hsalsa20", [c_prov, c_out, c_u8p, c_u8p])
fc_salsa20_init = _sig("fc_salsa20_init", [c_out, c_prov, c_u8p, c_size, c_u8p, ctypes.c_uint64])
fc_salsa20_xor = _sig("fc_salsa20_xor", [c_out, c_u8p, c_out, c_size])
fc_salsa20_wipe = _sig("fc_salsa20_wipe", [c_out], None)
fc_x25519 = _sig("fc_x25519", [c_prov, c_out, c_u8p, c_u8p])
fc_x25519_base = _sig("fc_x25519_base", [c_prov, c_out, c_u8p])
fc_x25519_keypair = _sig("fc_x25519_keypair", [c_prov, ctypes.c_void_p, c_out, c_out])
fc_elligator2_curve25519 = _sig("fc_elligator2_curve25519", [c_prov, c_out, c_u8p])
fc_x19119 = _sig("fc_x19119", [c_prov, c_out, c_u8p, c_u8p])
fc_x19119_base = _sig("fc_x19119_base", [c_prov, c_out, c_u8p])
fc_elligator2_curve19119 = _sig("fc_elligator2_curve19119", [c_prov, c_out, c_u8p])
fc_random_bytes = _sig("fc_random_bytes", [ctypes.c_void_p, c_out, c_size])

SELFTEST_REPORT = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, c_int)
fc_selftest = _sig("fc_selftest", [c_prov, SELFTEST_REPORT, ctypes.c_void_p])

RNG_FILL = ctypes.CFUNCTYPE(c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint8), c_size)


class Rng(ctypes.Structure):
    _fields_ = [("fill", RNG_FILL), ("user", ctypes.c_void_p)]


class CpaceParams(ctypes.Structure):
    _fields_ = [("suite", c_int), ("role", c_int),
                ("prs", c_u8p), ("prs_len", c_size),
                ("ci", c_u8p), ("ci_len", c_size),
                ("sid", c_u8p), ("sid_len", c_size),
                ("ad", c_u8p), ("ad_len", c_size),
                ("confirm", c_int), ("provider", c_prov)]


fc_cpace_share_len = _sig("fc_cpace_share_len", [c_int], c_size)
fc_cpace_start = _sig("fc_cpace_start", [c_out, ctypes.POINTER(CpaceParams), ctypes.c_void_p, c_out, c_size])
fc_cpace_receive = _sig("fc_cpace_receive", [c_out, c_u8p, c_size, c_u8p, c_size])
fc_cpace_tag = _sig("fc_cpace_tag", [c_out, c_out, c_size])
fc_cpace_verify = _sig("fc_cpace_verify", [c_out, c_u8p, c_size])
fc_cpace_isk = _sig("fc_cpace_isk", [c_out, c_out, c_size])
fc_cpace_sid_output = _sig("fc_cpace_sid_output", [c_out, c_out, c_size])
fc_cpace_abort = _sig("fc_cpace_abort", [c_out], None)
fc_cpace_generator = _sig("fc_cpace_generator", [c_int, c_prov, c_u8p, c_size, c_u8p, c_size, c_u8p, c_size, c_out, c_size])

fc_pace2017_derive_kpi = _sig("fc_pace2017_derive_kpi", [c_prov, c_u8p, c_size, c_u8p, c_size, c_out])
fc_pace2017_device_start = _sig("fc_pace2017_device_start", [c_out, c_prov, ctypes.c_void_p, c_u8p, c_out, c_size])
fc_pace2017_device_respond = _sig("fc_pace2017_device_respond", [c_out, c_u8p, c_size, c_out, c_size])
fc_pace2017_device_finish = _sig("fc_pace2017_device_finish", [c_out, c_u8p, c_size])
fc_pace2017_handheld_start = _sig("fc_pace2017_handheld_start", [c_out, c_prov, ctypes.c_void_p, c_u8p, c_u8p, c_size, c_out, c_size])
fc_pace2017_handheld_finish = _sig("fc_pace2017_handheld_finish", [c_out, c_u8p, c_size, c_out, c_size])
fc_pace2017_session_key = _sig("fc_pace2017_session_key", [c_out, c_out, c_size])
fc_pace2017_abort = _sig("fc_pace2017_abort", [c_out], None)


# ---- login (login.h) ----

c_sizep = ctypes.POINTER(c_size)
c_intp = ctypes.POINTER(c_int)


class LoginConfig(ctypes.Structure):
    _fields_ = [("role", c_int), ("suite", ctypes.c_uint),
                ("secret", c_u8p), ("secret_len", c_size),
                ("id", c_u8p), ("id_len", c_size),
                ("provider", c_prov), ("sliced", c_int)]


class LoginHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint8), ("suite", ctypes.c_uint8), ("type", ctypes.c_uint8),
                ("length", ctypes.c_uint16)]


fc_login_frame_check = _sig("fc_login_frame_check", [c_u8p, c_size, ctypes.POINTER(LoginHeader)])
fc_login_frame_encode = _sig("fc_login_frame_encode", [ctypes.c_uint, ctypes.c_uint, c_u8p, c_size, c_out, c_size, c_sizep])
fc_login_reasm_init = _sig("fc_login_reasm_init", [c_out], None)
fc_login_reasm_feed = _sig("fc_login_reasm_feed", [c_out, c_u8p, c_size, c_sizep, ctypes.POINTER(ctypes.c_void_p), c_sizep])
fc_login_credential = _sig("fc_login_credential", [ctypes.c_uint, c_prov, c_u8p, c_size, c_u8p, c_size, c_out, c_size])
fc_login_init = _sig("fc_login_init", [c_out, ctypes.POINTER(LoginConfig)])
fc_login_start = _sig("fc_login_start", [c_out, ctypes.c_void_p, c_out, c_size, c_sizep])
fc_login_input = _sig("fc_login_input", [c_out, ctypes.c_void_p, c_u8p, c_size, c_out, c_size, c_sizep])
fc_login_cancel = _sig("fc_login_cancel", [c_out, c_int, c_out, c_size, c_sizep])
fc_login_done = _sig("fc_login_done", [c_out])
fc_login_error = _sig("fc_login_error", [c_out, c_intp])
fc_login_result = _sig("fc_login_result", [c_out, c_out, c_size, c_sizep, c_out, c_size])
fc_login_wipe = _sig("fc_login_wipe", [c_out], None)
fc_login_step = _sig("fc_login_step", [c_out, ctypes.c_uint32, c_out, c_size, c_sizep])
fc_login_pending = _sig("fc_login_pending", [c_out])

# the slice engine (engine.h)
fc_job_x25519 = _sig("fc_job_x25519", [c_out, c_out, c_u8p, c_u8p])
fc_job_x19119 = _sig("fc_job_x19119", [c_out, c_out, c_u8p, c_u8p])
fc_job_elligator2_curve25519 = _sig("fc_job_elligator2_curve25519", [c_out, c_out, c_u8p])
fc_job_elligator2_curve19119 = _sig("fc_job_elligator2_curve19119", [c_out, c_out, c_u8p])
fc_job_sha512 = _sig("fc_job_sha512", [c_out, c_out, ctypes.c_void_p, c_size])
fc_job_step = _sig("fc_job_step", [c_out, ctypes.c_uint32])
fc_job_cancel = _sig("fc_job_cancel", [c_out], None)
fc_job_running = _sig("fc_job_running", [c_out])
fc_job_max_unit_cost = _sig("fc_job_max_unit_cost", [], ctypes.c_uint32)
fc_job_cost_model = _sig("fc_job_cost_model", [], ctypes.c_char_p)
