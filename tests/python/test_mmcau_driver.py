"""The Kinetis mmCAU: its model (python/fieldcrypt/periph_mmcau.py) on its own, driven by command
sequences written here from FIPS 197 and FIPS 180-4 and checked against pycryptodome and
hashlib; then the driver (src/drivers/kinetis_mmcau.c) on the Cortex-M0+ and Cortex-M4 models:
tests/mcu/mmcau_driver.c runs AES and SHA known answers through "kinetis-mmcau -> soft" with
the model on (the unit serves them), off (the page reads as zero: every call falls back) and
with a unit that answers wrongly; unaligned buffers and a key size the unit lacks give the same
bytes. DES and 3DES likewise (the model's DESK/DESR run by NXP's published command sequence
against pycryptodome first), with weak keys refused as soft refuses them. Also the modelled
cycles per AES-128, DES, 3DES and SHA-256 block, driver vs soft."""
import hashlib
import struct

import pytest
from Crypto.Cipher import AES

from conftest import ROOT
from fieldcrypt import periph_mmcau as M

# ---------------------------------------------------------------------------------------------
# the model on its own


class _Sim:
    """Just enough of mcusim.Sim for the model: the cycle counter it charges."""
    target = "cortex-m4"

    def __init__(self):
        self.cycles = 0

    def add_cycles(self, n):
        self.cycles += n


@pytest.fixture
def cau():
    return M.MmcauPeripheral(_Sim(), map_page=False)


def ind(cau, cmd, value):
    cau.write(M.INDIRECT + 4 * cmd, value)


def st(cau, reg):
    return cau.read(M.INDIRECT + 4 * (M.STR + reg))


def direct(cau, *cmds):
    cau.write(0, [None, M.cmd1, M.cmd2, M.cmd3][len(cmds)](*cmds))


RCON = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1B, 0x36]


def key_schedule(cau, key):
    """FIPS 197 5.2 KeyExpansion with RotWord / SubWord done by the unit (ROTL 8, AESS)."""
    nk = len(key) // 4
    w = list(struct.unpack(f">{nk}I", key))
    for i in range(nk, 4 * (nk + 7)):
        ind(cau, M.LDR + M.CAA, w[i - 1])
        if i % nk == 0:
            ind(cau, M.ROTL + M.CAA, 8)
            direct(cau, M.AESS + M.CAA)
            ind(cau, M.XOR + M.CAA, RCON[i // nk - 1] << 24)
        elif nk > 6 and i % nk == 4:
            direct(cau, M.AESS + M.CAA)
        ind(cau, M.XOR + M.CAA, w[i - nk])
        w.append(st(cau, M.CAA))
    return w


def encrypt(cau, w, block):
    nr = len(w) // 4 - 1
    for c, v in enumerate(struct.unpack(">4I", block)):
        ind(cau, M.LDR + M.CA0 + c, v)
        ind(cau, M.XOR + M.CA0 + c, w[c])
    for rnd in range(1, nr + 1):
        direct(cau, M.AESS + M.CA0, M.AESS + M.CA0 + 1, M.AESS + M.CA0 + 2)
        direct(cau, M.AESS + M.CA0 + 3, M.AESR)
        for c in range(4):
            ind(cau, (M.AESC if rnd < nr else M.XOR) + M.CA0 + c, w[4 * rnd + c])
    return struct.pack(">4I", *(st(cau, M.CA0 + c) for c in range(4)))


def decrypt(cau, w, block):
    nr = len(w) // 4 - 1
    for c, v in enumerate(struct.unpack(">4I", block)):
        ind(cau, M.LDR + M.CA0 + c, v)
        ind(cau, M.XOR + M.CA0 + c, w[4 * nr + c])
    for rnd in range(nr - 1, -1, -1):
        direct(cau, M.AESIR, M.AESIS + M.CA0 + 3, M.AESIS + M.CA0 + 2)
        direct(cau, M.AESIS + M.CA0 + 1, M.AESIS + M.CA0)
        for c in range(4):
            ind(cau, (M.AESIC if rnd > 0 else M.XOR) + M.CA0 + c, w[4 * rnd + c])
    return struct.pack(">4I", *(st(cau, M.CA0 + c) for c in range(4)))


# FIPS 197 Appendix C.1, C.2, C.3
FIPS197_PLAIN = bytes.fromhex("00112233445566778899aabbccddeeff")
FIPS197_C = [("000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"),
             ("000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"),
             ("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
              "8ea2b7ca516745bfeafc49904b496089")]


@pytest.mark.parametrize("key_hex,cipher_hex", FIPS197_C)
def test_model_aes_fips197_appendix_c(cau, key_hex, cipher_hex):
    key, cipher = bytes.fromhex(key_hex), bytes.fromhex(cipher_hex)
    w = key_schedule(cau, key)
    assert encrypt(cau, w, FIPS197_PLAIN) == cipher
    assert decrypt(cau, w, cipher) == FIPS197_PLAIN
    assert cau.stats()["illegal"] == 0 and cau.stats()["unmodelled"] == []


def test_model_aes_random_blocks_match_pycryptodome(cau):
    rnd = __import__("random").Random(197)
    for klen in (16, 24, 32):
        key = rnd.randbytes(klen)
        w = key_schedule(cau, key)
        ref = AES.new(key, AES.MODE_ECB)
        for _ in range(4):
            block = rnd.randbytes(16)
            assert encrypt(cau, w, block) == ref.encrypt(block)
            assert decrypt(cau, w, block) == ref.decrypt(block)


def _pad(msg: bytes, little=False) -> bytes:
    n = len(msg) * 8
    msg += b"\x80" + bytes((55 - len(msg)) % 64)
    return msg + (struct.pack("<Q", n) if little else struct.pack(">Q", n))


SHA1_K = (0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xCA62C1D6)
SHA1_F = (M.HFC, M.HFP, M.HFM, M.HFP)


def sha1(cau, msg):
    """FIPS 180-4 6.1.2 with the unit's HASH / SHS."""
    h = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0]      # FIPS 180-4 5.3.1
    msg = _pad(msg)
    for off in range(0, len(msg), 64):
        w = list(struct.unpack(">16I", msg[off:off + 64]))
        for i in range(5):
            ind(cau, M.LDR + M.CA0 + i, h[i])
        direct(cau, M.MVRA + M.CA0)
        ind(cau, M.ROTL + M.CAA, 5)
        for t in range(80):
            if t >= 16:
                ind(cau, M.LDR + M.CA0 + 5, w[t - 3])
                for back in (8, 14, 16):
                    ind(cau, M.XOR + M.CA0 + 5, w[t - back])
                ind(cau, M.ROTL + M.CA0 + 5, 1)
                w.append(st(cau, M.CA0 + 5))
            direct(cau, M.HASH + SHA1_F[t // 20], M.ADRA + M.CA0 + 4)
            ind(cau, M.ADR + M.CAA, SHA1_K[t // 20])
            ind(cau, M.ADR + M.CAA, w[t])
            direct(cau, M.SHS)
        for i in range(5):
            ind(cau, M.ADR + M.CA0 + i, h[i])
            h[i] = st(cau, M.CA0 + i)
    return struct.pack(">5I", *h)


def _sha256_k():
    """FIPS 180-4 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
    first 64 primes (computed, so the table is not a copy)."""
    primes, n = [], 2
    while len(primes) < 64:
        if all(n % p for p in primes):
            primes.append(n)
        n += 1
    out = []
    for p in primes:
        lo, hi = 0, 1 << 40                  # integer cube root of p << 96 (32 fraction bits)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if mid ** 3 <= p << 96 else (lo, mid - 1)
        out.append(lo & 0xFFFFFFFF)
    return out


SHA256_K = _sha256_k()


def sha256(cau, msg):
    """FIPS 180-4 6.2.2 with the unit's HASH / SHS2 (CA0..CA7 = a..h, CA8 = T1 or a schedule
    word)."""
    h = [0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A,     # FIPS 180-4 5.3.3
         0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19]
    msg = _pad(msg)
    for off in range(0, len(msg), 64):
        w = list(struct.unpack(">16I", msg[off:off + 64]))
        for i in range(8):
            ind(cau, M.LDR + M.CA0 + i, h[i])
        for t in range(64):
            if t >= 16:
                ind(cau, M.LDR + M.CAA, w[t - 16])
                ind(cau, M.LDR + M.CA0 + 8, w[t - 15])
                direct(cau, M.HASH + M.HF2U)
                ind(cau, M.ADR + M.CAA, w[t - 7])
                ind(cau, M.LDR + M.CA0 + 8, w[t - 2])
                direct(cau, M.HASH + M.HF2V)
                w.append(st(cau, M.CAA))
            ind(cau, M.LDR + M.CAA, w[t])
            direct(cau, M.ADRA + M.CA0 + 7, M.HASH + M.HF2T, M.HASH + M.HF2C)
            ind(cau, M.ADR + M.CAA, SHA256_K[t])
            direct(cau, M.MVAR + M.CA0 + 8, M.HASH + M.HF2S, M.HASH + M.HF2M)
            direct(cau, M.SHS2)
        for i in range(8):
            ind(cau, M.ADR + M.CA0 + i, h[i])
            h[i] = st(cau, M.CA0 + i)
    return struct.pack(">8I", *h)


# FIPS 180-4's examples (NIST CSRC "SHA1.pdf", "SHA256.pdf"): "abc", the 448-bit two-block
# message; and a 1,000-byte message
HASH_MSGS = [b"abc", b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
             bytes(range(256)) * 3 + bytes(232), b""]


@pytest.mark.parametrize("msg", HASH_MSGS, ids=["abc", "two-block", "1000-byte", "empty"])
def test_model_sha1_and_sha256_compressions_match_hashlib(cau, msg):
    assert sha256(cau, msg) == hashlib.sha256(msg).digest()
    assert sha1(cau, msg) == hashlib.sha1(msg).digest()
    assert cau.stats()["illegal"] == 0


def test_model_md5_shift_matches_hashlib(cau):
    """MD5 (RFC 1321 3.4) with HASH HFF..HFI and MDS: not used by the driver (MD5 is not a
    fieldcrypt algorithm) but checked so the model's MDS is not a guess."""
    import math
    shifts = [7, 12, 17, 22] * 4 + [5, 9, 14, 20] * 4 + [4, 11, 16, 23] * 4 + [6, 10, 15, 21] * 4
    consts = [int(abs(math.sin(i + 1)) * 2 ** 32) & 0xFFFFFFFF for i in range(64)]
    for msg in (b"", b"abc", bytes(range(100))):
        a, b, c, d = 0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476
        padded = _pad(msg, little=True)
        for off in range(0, len(padded), 64):
            x = struct.unpack("<16I", padded[off:off + 64])
            ind(cau, M.LDR + M.CAA, a)
            for i, v in enumerate((b, c, d)):
                ind(cau, M.LDR + M.CA0 + 1 + i, v)
            for i in range(64):
                rnd = i // 16
                k = [i, (5 * i + 1) % 16, (3 * i + 5) % 16, (7 * i) % 16][rnd]
                direct(cau, M.HASH + [M.HFF, M.HFG, M.HFH, M.HFI][rnd])
                ind(cau, M.ADR + M.CAA, x[k])
                ind(cau, M.ADR + M.CAA, consts[i])
                ind(cau, M.ROTL + M.CAA, shifts[i])
                direct(cau, M.ADRA + M.CA0 + 1, M.MDS)
            a = (st(cau, M.CAA) + a) & 0xFFFFFFFF
            b = (st(cau, M.CA0 + 1) + b) & 0xFFFFFFFF
            c = (st(cau, M.CA0 + 2) + c) & 0xFFFFFFFF
            d = (st(cau, M.CA0 + 3) + d) & 0xFFFFFFFF
        assert struct.pack("<4I", a, b, c, d) == hashlib.md5(msg).digest()


def des(cau, key, block, decrypt=False):
    """One DES block by NXP's published command sequence (mmCAU library mmcau_des_encrypt /
    mmcau_des_decrypt; cau2_defines.h): key in CA0:CA1, block in CA2:CA3, DESK, then 16 DESR
    with IP on the first, FP on the last and the key shifts of FIPS 46-3's schedule."""
    ind(cau, M.LDR + M.CA0 + 2, int.from_bytes(block[:4], "big"))
    ind(cau, M.LDR + M.CA0 + 3, int.from_bytes(block[4:], "big"))
    ind(cau, M.LDR + M.CA0, int.from_bytes(key[:4], "big"))
    ind(cau, M.LDR + M.CA0 + 1, int.from_bytes(key[4:], "big"))
    one, two = (M.KSR1, M.KSR2) if decrypt else (M.KSL1, M.KSL2)
    direct(cau, M.DESK + (M.DES_DC if decrypt else 0), M.DESR + M.DES_IP + one, M.DESR + two)
    direct(cau, M.DESR + two, M.DESR + two, M.DESR + two)
    direct(cau, M.DESR + two, M.DESR + two, M.DESR + one)
    direct(cau, M.DESR + two, M.DESR + two, M.DESR + two)
    direct(cau, M.DESR + two, M.DESR + two, M.DESR + two)
    direct(cau, M.DESR + one, M.DESR + M.DES_FP)
    return st(cau, M.CA0 + 2).to_bytes(4, "big") + st(cau, M.CA0 + 3).to_bytes(4, "big")


def test_model_des_known_answer(cau):
    # the worked example of J. Orlin Grabbe, "The DES Algorithm Illustrated"; FIPS 81 B1's
    # first block
    key, plain = bytes.fromhex("133457799bbcdff1"), bytes.fromhex("0123456789abcdef")
    assert des(cau, key, plain) == bytes.fromhex("85e813540f0ab405")
    assert des(cau, key, bytes.fromhex("85e813540f0ab405"), decrypt=True) == plain
    assert des(cau, bytes.fromhex("0123456789abcdef"), b"Now is t") == \
        bytes.fromhex("3fa40e8a984d4815")
    assert cau.stats()["illegal"] == 0 and cau.stats()["unmodelled_commands"] == []
    assert st(cau, M.CASR) == M.CASR_VER2


def test_model_des_random_blocks_match_pycryptodome(cau):
    from Crypto.Cipher import DES
    rnd = __import__("random").Random(463)
    for _ in range(12):
        key, block = rnd.randbytes(8), rnd.randbytes(8)
        ref = DES.new(key, DES.MODE_ECB)
        assert des(cau, key, block) == ref.encrypt(block)
        assert des(cau, key, block, decrypt=True) == ref.decrypt(block)


def test_model_des_parity_check_and_flags(cau):
    ind(cau, M.LDR + M.CA0, 0x13345779)                       # odd parity in every byte
    ind(cau, M.LDR + M.CA0 + 1, 0x9BBCDFF1)
    direct(cau, M.DESK + M.DES_CP)
    assert st(cau, M.CASR) == M.CASR_VER2
    ind(cau, M.LDR + M.CA0, 0x12345779)                       # 0x12: even parity
    direct(cau, M.DESK + M.DES_CP)
    assert st(cau, M.CASR) == M.CASR_VER2 | M.CASR_DPE
    direct(cau, M.DESK + 4)                                   # no such DESK flag
    assert st(cau, M.CASR) & M.CASR_IC


def test_model_registers_casr_and_illegal_commands(cau):
    assert st(cau, M.CASR) == M.CASR_VER2                    # version 2, no error
    ind(cau, M.LDR + M.CA0 + 8, 0x12345678)
    assert st(cau, M.CA0 + 8) == 0x12345678
    ind(cau, M.RADR + M.CA0 + 8, 0x01000000)
    assert st(cau, M.CA0 + 8) == 0x12345679
    cycles = cau.sim.cycles
    direct(cau, M.CNOP, M.CNOP, M.CNOP)                       # three commands, 1 cycle each
    assert cau.sim.cycles - cycles == 3 * M.CMD_CYCLES
    cau.write(0, M.cmd1(M.LDR + M.CA0))                       # an operand command, direct
    assert st(cau, M.CASR) & M.CASR_IC
    ind(cau, M.LDR + M.CASR, 0)                               # cleared by software
    assert st(cau, M.CASR) == M.CASR_VER2
    direct(cau, 0x1F0)                                        # ILL: not a command
    assert st(cau, M.CASR) & M.CASR_IC and cau.stats()["unmodelled_commands"] == [0x1F0]
    direct(cau, M.MVRA + 11)                                  # no register 11
    assert cau.stats()["illegal"] == 3
    assert cau.read(0x000) == 0 and cau.stats()["unmodelled"] == [cau.base]
    assert not cau.stats()["registers_clear"]                 # CA8 still holds a value
    for reg in range(M.CAA, M.NREGS):
        ind(cau, M.LDR + reg, 0)
    assert cau.stats()["registers_clear"]


def test_model_wrong_fault_and_bases():
    wrong = M.MmcauPeripheral(_Sim(), map_page=False, fault="wrong")
    assert encrypt(wrong, key_schedule(wrong, bytes(range(16))), FIPS197_PLAIN) != \
        bytes.fromhex(FIPS197_C[0][1])
    with pytest.raises(ValueError):
        M.MmcauPeripheral(_Sim(), map_page=False, fault="hang")
    sim = _Sim()
    sim.target = "cortex-m0plus"
    assert M.MmcauPeripheral(sim, map_page=False).base == 0xF0005000
    assert M.MmcauPeripheral(_Sim(), map_page=False).base == 0xE0081000


# ---------------------------------------------------------------------------------------------
# the driver on the Cortex-M0+ and Cortex-M4 models

TARGETS = ["cortex-m0plus", "cortex-m4"]
AES_HW = ["FIPS 197 C.1", "FIPS 197 C.1 decrypt", "FIPS 197 C.2", "FIPS 197 C.2 decrypt",
          "FIPS 197 C.3", "FIPS 197 C.3 decrypt", *[f"SP 800-38A F.1.{i}" for i in range(1, 7)],
          "SP 800-38A F.1.1/F.1.2, unaligned", "SP 800-38A F.1.5/F.1.6, unaligned",
          "SP 800-38A F.5.1 CTR-AES128.Encrypt", "SP 800-38A F.5.2 CTR-AES128.Decrypt",
          "SP 800-38A F.2.1 CBC-AES128.Encrypt",
          "SP 800-38A F.2.2 CBC-AES128.Decrypt",
          *[f"GCM Test Case {i}" for i in range(1, 7)], "GCM Test Case 8 (AES-192)",
          "GCM Test Case 14 (AES-256)",
          "SP 800-38C C.1 Example 1", "SP 800-38C C.2 Example 2", "SP 800-38C C.3 Example 3",
          *[f"RFC 3610 Packet Vector #{i}" for i in range(1, 4)],
          "Bluetooth LE sample: LL_START_ENC_RSP1", "Bluetooth LE sample: LL_START_ENC_RSP2",
          "Bluetooth LE sample: data packet 1", "Bluetooth LE sample: data packet 2",
          *[f"RFC 4493 Example {i}" for i in range(1, 5)],
          "SP 800-38B D.2 Example 6 (AES-192)", "SP 800-38B D.3 Example 10 (AES-256)"]
HASH_HW = ["FIPS 180-4 SHA-256 abc", "FIPS 180-4 SHA-256 two-block", "FIPS 180-4 SHA-224 abc",
           "FIPS 180-4 SHA-1 abc", "FIPS 180-4 SHA-1 two-block", "SHA-256 1000 bytes, unaligned",
           "SHA-1 1000 bytes, unaligned", "RFC 4231 Test Case 1", "RFC 4231 Test Case 2",
           "RFC 2202 HMAC-SHA-1 Test Case 2"]
HW = AES_HW + HASH_HW
DES_HW = [s + d for s in ("FIPS 81 B1 DES-ECB", "SP 800-17 A variable key 8001010101010101",
                           "SP 800-17 A substitution table 7ca110454a1a6e57",
                           "SP 800-67 B 3DES-ECB (3-key)", "CAVP TECBMMT2 COUNT 0 (2-key)")
          for d in ("", " decrypt")]
HW = HW + DES_HW
# weak keys (FIPS 74 3.6) and 3DES bundles with K1 = K2: the driver declines them and soft
# refuses them with FC_ERR_WEAK_KEY, as it does on its own: "refused" with the unit or not
REFUSED = ["FIPS 74 weak key fefefefefefefefe", "FIPS 74 semi-weak key 1fe01fe00ef10ef1",
           "3DES K1 = K2"]
LONG_MSG = bytes((i * 7 + 3) & 0xFF for i in range(1000))


def _build(target, tmp_path_factory):
    from fieldcrypt import mcu, mcubench
    lib = mcu.build_target(target)
    return mcubench._gcc(target, [ROOT / "tests" / "mcu" / "mmcau_driver.c", *mcubench._startup(target)],
                         tmp_path_factory.mktemp("mmcau") / f"mmcau_driver_{target}.elf",
                         extra=["-I", str(ROOT / "include"), "-I", str(ROOT / "src")], libs=[lib])


@pytest.fixture(scope="module", params=TARGETS)
def image(request, tmp_path_factory):
    return request.param, _build(request.param, tmp_path_factory)


def run(image, peripherals=()):
    """(result, {source: "hw" | "soft" | "FAIL <status>"}) of one run; the printed digests of
    the 1000-byte message checked against hashlib."""
    from fieldcrypt import mcusim
    target, elf = image
    res = mcusim.run_image(elf, target, peripherals=peripherals)
    assert res["error"] == "", res["error"]
    checks, digests = {}, {}
    for line in res["output"].splitlines():
        if line.startswith("ok "):
            kind, source = line[3:].split(" ", 1)
            checks[source] = kind
        elif line.startswith("FAIL status "):
            status, source = line[len("FAIL status "):].split(" ", 1)
            checks[source] = f"FAIL {status}"
        elif line.startswith("digest "):
            _, alg, _n, hexd = line.split()
            digests[alg] = hexd
    assert sorted(checks) == sorted(HW + REFUSED), res["output"]
    assert {s: checks[s] for s in REFUSED} == {s: "refused" for s in REFUSED}
    assert digests == {"sha256": hashlib.sha256(LONG_MSG).hexdigest(),
                       "sha1": hashlib.sha1(LONG_MSG).hexdigest()}
    return res, checks


@pytest.mark.cross
def test_driver_model_on_serves_aes_des_and_sha(image):
    res, checks = run(image, ["mmcau"])
    assert res["exit_code"] == 0 and res["output"].startswith("mmcau: kinetis-mmcau\n"), res["output"]
    assert {s: checks[s] for s in HW} == {s: "hw" for s in HW}
    cau = res["peripherals"]["mmcau"]
    assert cau["illegal"] == 0 and cau["unmodelled"] == [] and cau["unmodelled_commands"] == []
    assert cau["busy_cycles"] == cau["commands"] * M.CMD_CYCLES > 0
    assert cau["active_ma"] == M.MMCAU_ACTIVE_MA
    assert cau["registers_clear"]                  # key and data loaded over with zeros
    from fieldcrypt import power
    p = power.Params(clock_hz=48e6, voltage=3.0)
    assert power.accelerator_energy_j(cau, p) == pytest.approx(
        cau["busy_cycles"] / 48e6 * M.MMCAU_ACTIVE_MA * 1e-3 * 3.0)


@pytest.mark.cross
def test_driver_model_off_reads_as_zero_and_every_call_falls_back(image):
    res, checks = run(image)
    assert res["exit_code"] == 0 and res["output"].startswith("mmcau: soft\n"), res["output"]
    assert set(checks.values()) == {"soft", "refused"}
    assert res["peripherals"] == {}


@pytest.mark.cross
def test_driver_a_wrong_unit_fails_detection_and_soft_serves_everything(image):
    res, checks = run(image, [("mmcau", {"fault": "wrong"})])
    assert res["exit_code"] == 0 and res["output"].startswith("mmcau: soft\n"), res["output"]
    assert set(checks.values()) == {"soft", "refused"}


@pytest.mark.cross
def test_driver_cycles_per_block_vs_soft(image):
    res, _ = run(image, ["mmcau"])
    reg = res["regions"]
    aes_hw, aes_soft = reg[3]["cycles_net"] / 16, reg[5]["cycles_net"] / 16
    ctr_hw, ctr_soft = reg[7]["cycles_net"] / 16, reg[9]["cycles_net"] / 16
    sha_hw, sha_soft = reg[11]["cycles_net"] / 16, reg[13]["cycles_net"] / 16
    des_hw, des_soft = reg[15]["cycles_net"] / 16, reg[17]["cycles_net"] / 16
    tdes_hw, tdes_soft = reg[19]["cycles_net"] / 16, reg[21]["cycles_net"] / 16
    print(f"\n{image[0]}, modelled cycles (mmCAU commands at {M.CMD_CYCLES} cycle each): per "
          f"AES-128 block kinetis-mmcau {aes_hw:.0f}, soft {aes_soft:.0f}; in CTR {ctr_hw:.0f} and "
          f"{ctr_soft:.0f}; per SHA-256 block {sha_hw:.0f} and {sha_soft:.0f}; per DES block "
          f"{des_hw:.0f} and {des_soft:.0f}; per 3DES block {tdes_hw:.0f} and {tdes_soft:.0f}")
    assert aes_hw < aes_soft / 2 and ctr_hw < ctr_soft / 2
    assert des_hw < des_soft / 10 and tdes_hw < tdes_soft / 10
    if image[0] == "cortex-m0plus":
        assert sha_hw < sha_soft
    # on the Cortex-M4 soft's Thumb-2 assembly SHA-256 is as fast or faster under this model
    # (whose 1 cycle per unit command is charged on top of every store: an upper bound)
