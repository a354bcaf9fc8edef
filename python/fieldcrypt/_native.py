"""Loads libfieldcrypt.so and declares the C signatures (ctypes).

Argument order is the C library's (include/fieldcrypt/*.h): context or provider, algorithm,
randomness source, outputs, inputs; every buffer followed by its length. Algorithm ids (fc_alg)
are ints the library hands out at run time (fc_alg_find, fc_alg_name, fc_alg_get): nothing in
the binding knows their values.
"""
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
c_out = ctypes.c_void_p          # output buffers and contexts: ctypes string buffers
c_size = ctypes.c_size_t
c_prov = ctypes.c_void_p         # const fc_provider *, NULL: the default chain
c_rng = ctypes.c_void_p          # const fc_rng *, NULL: the default source
c_int = ctypes.c_int
c_alg = ctypes.c_int             # fc_alg (an enum)
c_sizep = ctypes.POINTER(c_size)
c_intp = ctypes.POINTER(c_int)


def _sig(name, argtypes, restype=c_int):
    fn = getattr(lib, name)
    fn.argtypes = argtypes
    fn.restype = restype
    return fn


fc_status_str = _sig("fc_status_str", [c_int], ctypes.c_char_p)
fc_version = _sig("fc_version", [], ctypes.c_char_p)

# ---- algorithms (algorithms.h) ----


class AlgInfo(ctypes.Structure):
    """fc_alg_info: an algorithm's line of algorithms.def."""
    _fields_ = [("name", ctypes.c_char_p), ("family", c_int), ("mode", c_int), ("base", c_alg),
                ("out_len", c_size), ("key_len", c_size), ("nonce_len", c_size),
                ("block_len", c_size)]


fc_alg_get = _sig("fc_alg_get", [c_alg, ctypes.POINTER(AlgInfo)])
fc_alg_find = _sig("fc_alg_find", [ctypes.c_char_p], c_alg)
fc_alg_name = _sig("fc_alg_name", [c_alg], ctypes.c_char_p)
fc_family_name = _sig("fc_family_name", [ctypes.c_int], ctypes.c_char_p)
fc_mode_name = _sig("fc_mode_name", [ctypes.c_int], ctypes.c_char_p)

# ---- providers (provider.h) ----

fc_provider_count = _sig("fc_provider_count", [], c_size)
fc_provider_at = _sig("fc_provider_at", [c_size], c_prov)
fc_provider_find = _sig("fc_provider_find", [ctypes.c_char_p], c_prov)
fc_provider_default = _sig("fc_provider_default", [], c_prov)
fc_provider_name = _sig("fc_provider_name", [c_prov], ctypes.c_char_p)
fc_provider_description = _sig("fc_provider_description", [c_prov], ctypes.c_char_p)
fc_provider_next = _sig("fc_provider_next", [c_prov], c_prov)
fc_provider_supports = _sig("fc_provider_supports", [c_prov, c_alg])
fc_provider_implements = _sig("fc_provider_implements",
                              [c_prov, c_alg, ctypes.POINTER(ctypes.c_uint)])
fc_context_size = _sig("fc_context_size", [ctypes.c_char_p], c_size)

# ---- hash.h, mac.h, kdf.h ----

fc_hash = _sig("fc_hash", [c_prov, c_alg, c_out, c_size, c_u8p, c_size])
fc_hash_init = _sig("fc_hash_init", [c_out, c_prov, c_alg])
fc_hash_update = _sig("fc_hash_update", [c_out, c_u8p, c_size])
fc_hash_final = _sig("fc_hash_final", [c_out, c_out, c_size])
fc_hash_wipe = _sig("fc_hash_wipe", [c_out], None)

fc_mac = _sig("fc_mac", [c_prov, c_alg, c_out, c_size, c_u8p, c_size, c_u8p, c_size])
fc_mac_verify = _sig("fc_mac_verify", [c_prov, c_alg, c_u8p, c_size, c_u8p, c_size, c_u8p, c_size])
fc_mac_init = _sig("fc_mac_init", [c_out, c_prov, c_alg, c_u8p, c_size])
fc_mac_update = _sig("fc_mac_update", [c_out, c_u8p, c_size])
fc_mac_final = _sig("fc_mac_final", [c_out, c_out, c_size])
fc_mac_wipe = _sig("fc_mac_wipe", [c_out], None)

fc_kdf_extract = _sig("fc_kdf_extract", [c_prov, c_alg, c_out, c_size, c_u8p, c_size, c_u8p, c_size])
fc_kdf_expand = _sig("fc_kdf_expand", [c_prov, c_alg, c_out, c_size, c_u8p, c_size, c_u8p, c_size])
fc_kdf = _sig("fc_kdf", [c_prov, c_alg, c_out, c_size, c_u8p, c_size, c_u8p, c_size, c_u8p, c_size])

# ---- stream.h ----

fc_stream_init = _sig("fc_stream_init", [c_out, c_prov, c_alg, c_u8p, c_size, c_u8p, c_size,
                                         ctypes.c_uint64])
fc_stream_xor = _sig("fc_stream_xor", [c_out, c_out, c_u8p, c_size])
fc_stream_wipe = _sig("fc_stream_wipe", [c_out], None)
fc_stream = _sig("fc_stream", [c_prov, c_alg, c_out, c_u8p, c_size, c_u8p, c_size, c_u8p, c_size])
fc_stream_subkey = _sig("fc_stream_subkey", [c_prov, c_alg, c_out, c_u8p, c_u8p])

# ---- xdh.h ----

fc_xdh = _sig("fc_xdh", [c_prov, c_alg, c_out, c_u8p, c_u8p])
fc_xdh_base = _sig("fc_xdh_base", [c_prov, c_alg, c_out, c_u8p])
fc_xdh_keypair = _sig("fc_xdh_keypair", [c_prov, c_alg, c_rng, c_out, c_out])
fc_map = _sig("fc_map", [c_prov, c_alg, c_out, c_u8p])

# ---- rng.h, selftest.h ----

fc_random_bytes = _sig("fc_random_bytes", [c_rng, c_out, c_size])

SELFTEST_REPORT = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_char_p, c_int)
fc_selftest = _sig("fc_selftest", [c_prov, SELFTEST_REPORT, ctypes.c_void_p])

RNG_FILL = ctypes.CFUNCTYPE(c_int, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint8), c_size)


class Rng(ctypes.Structure):
    _fields_ = [("fill", RNG_FILL), ("user", ctypes.c_void_p)]


# ---- pake.h ----

class CpaceParams(ctypes.Structure):
    _fields_ = [("suite", c_int), ("role", c_int),
                ("prs", c_u8p), ("prs_len", c_size),
                ("ci", c_u8p), ("ci_len", c_size),
                ("sid", c_u8p), ("sid_len", c_size),
                ("ad", c_u8p), ("ad_len", c_size),
                ("confirm", c_int), ("provider", c_prov)]


fc_cpace_share_len = _sig("fc_cpace_share_len", [c_int], c_size)
fc_cpace_start = _sig("fc_cpace_start", [c_out, ctypes.POINTER(CpaceParams), c_rng, c_out, c_size])
fc_cpace_receive = _sig("fc_cpace_receive", [c_out, c_u8p, c_size, c_u8p, c_size])
fc_cpace_tag = _sig("fc_cpace_tag", [c_out, c_out, c_size])
fc_cpace_verify = _sig("fc_cpace_verify", [c_out, c_u8p, c_size])
fc_cpace_isk = _sig("fc_cpace_isk", [c_out, c_out, c_size])
fc_cpace_sid_output = _sig("fc_cpace_sid_output", [c_out, c_out, c_size])
fc_cpace_wipe = _sig("fc_cpace_wipe", [c_out], None)
fc_cpace_generator = _sig("fc_cpace_generator", [c_prov, c_int, c_out, c_size, c_u8p, c_size,
                                                 c_u8p, c_size, c_u8p, c_size])

# ---- pace2017.h ----

fc_pace2017_derive_kpi = _sig("fc_pace2017_derive_kpi", [c_prov, c_out, c_u8p, c_size, c_u8p, c_size])
fc_pace2017_device_start = _sig("fc_pace2017_device_start", [c_out, c_prov, c_rng, c_out, c_size, c_u8p])
fc_pace2017_device_respond = _sig("fc_pace2017_device_respond", [c_out, c_out, c_size, c_u8p, c_size])
fc_pace2017_device_finish = _sig("fc_pace2017_device_finish", [c_out, c_u8p, c_size])
fc_pace2017_handheld_start = _sig("fc_pace2017_handheld_start",
                                  [c_out, c_prov, c_rng, c_out, c_size, c_u8p, c_u8p, c_size])
fc_pace2017_handheld_finish = _sig("fc_pace2017_handheld_finish", [c_out, c_out, c_size, c_u8p, c_size])
fc_pace2017_session_key = _sig("fc_pace2017_session_key", [c_out, c_out, c_size])
fc_pace2017_wipe = _sig("fc_pace2017_wipe", [c_out], None)


# ---- login.h ----

class LoginConfig(ctypes.Structure):
    _fields_ = [("role", c_int), ("suite", ctypes.c_uint),
                ("secret", c_u8p), ("secret_len", c_size),
                ("id", c_u8p), ("id_len", c_size),
                ("provider", c_prov), ("sliced", c_int)]


class LoginHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint8), ("suite", ctypes.c_uint8), ("type", ctypes.c_uint8),
                ("length", ctypes.c_uint16)]


class LoginSuiteInfo(ctypes.Structure):
    """fc_login_suite_info: one entry of the wire format's suite table."""
    _fields_ = [("id", ctypes.c_uint8), ("family", ctypes.c_uint8), ("available", ctypes.c_uint8),
                ("cpace_suite", c_int), ("name", ctypes.c_char_p)]


fc_login_suite = _sig("fc_login_suite", [ctypes.c_uint], ctypes.POINTER(LoginSuiteInfo))
fc_login_frame_check = _sig("fc_login_frame_check", [ctypes.POINTER(LoginHeader), c_u8p, c_size])
fc_login_frame_encode = _sig("fc_login_frame_encode", [ctypes.c_uint, ctypes.c_uint, c_out, c_size,
                                                       c_sizep, c_u8p, c_size])
fc_login_reasm_init = _sig("fc_login_reasm_init", [c_out], None)
fc_login_reasm_feed = _sig("fc_login_reasm_feed", [c_out, c_sizep, ctypes.POINTER(ctypes.c_void_p),
                                                   c_sizep, c_u8p, c_size])
fc_login_credential = _sig("fc_login_credential", [c_prov, ctypes.c_uint, c_out, c_size, c_u8p,
                                                   c_size, c_u8p, c_size])
fc_login_init = _sig("fc_login_init", [c_out, ctypes.POINTER(LoginConfig)])
fc_login_start = _sig("fc_login_start", [c_out, c_rng, c_out, c_size, c_sizep])
fc_login_input = _sig("fc_login_input", [c_out, c_rng, c_out, c_size, c_sizep, c_u8p, c_size])
fc_login_abort = _sig("fc_login_abort", [c_out, c_int, c_out, c_size, c_sizep])
fc_login_done = _sig("fc_login_done", [c_out])
fc_login_error = _sig("fc_login_error", [c_out, c_intp])
fc_login_result = _sig("fc_login_result", [c_out, c_out, c_size, c_sizep, c_out, c_size])
fc_login_wipe = _sig("fc_login_wipe", [c_out], None)
fc_login_step = _sig("fc_login_step", [c_out, ctypes.c_uint32, c_out, c_size, c_sizep])
fc_login_pending = _sig("fc_login_pending", [c_out])

# ---- the slice engine (engine.h) ----

fc_job_xdh = _sig("fc_job_xdh", [c_out, c_prov, c_alg, c_out, c_u8p, c_u8p])
fc_job_map = _sig("fc_job_map", [c_out, c_prov, c_alg, c_out, c_u8p])
fc_job_hash = _sig("fc_job_hash", [c_out, c_prov, c_alg, c_out, ctypes.c_void_p, c_size])
fc_job_ecdh = _sig("fc_job_ecdh", [c_out, c_prov, c_alg, c_out, c_u8p, c_u8p, c_size])
fc_job_ecdsa_sign_digest = _sig("fc_job_ecdsa_sign_digest", [c_out, c_prov, c_alg, c_alg, c_rng,
                                                             c_out, c_u8p, c_u8p, c_size, c_int])
fc_job_ecdsa_verify_digest = _sig("fc_job_ecdsa_verify_digest",
                                  [c_out, c_prov, c_alg, c_u8p, c_size, c_u8p, c_size, c_u8p,
                                   c_size, c_int])
fc_job_eddsa_sign = _sig("fc_job_eddsa_sign", [c_out, c_prov, c_alg, c_out, c_u8p, c_u8p, c_u8p,
                                               c_size, ctypes.c_void_p, c_size])
fc_job_eddsa_verify = _sig("fc_job_eddsa_verify", [c_out, c_prov, c_alg, c_u8p, c_u8p, c_size,
                                                   ctypes.c_void_p, c_size, c_u8p])
fc_job_step = _sig("fc_job_step", [c_out, ctypes.c_uint32])
fc_job_wipe = _sig("fc_job_wipe", [c_out], None)
fc_job_running = _sig("fc_job_running", [c_out])
fc_job_supports = _sig("fc_job_supports", [c_prov, c_alg])
fc_job_max_unit_cost = _sig("fc_job_max_unit_cost", [], ctypes.c_uint32)
fc_job_start_cost = _sig("fc_job_start_cost", [], ctypes.c_uint32)
fc_job_cost_model = _sig("fc_job_cost_model", [], ctypes.c_char_p)
