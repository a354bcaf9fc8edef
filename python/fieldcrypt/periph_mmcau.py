"""The Kinetis mmCAU (memory-mapped cryptographic acceleration unit, version 2) for the Unicorn
runner (mcusim.Sim, keyword peripherals=["mmcau"]): MMIO hooks on its register page.

Sources read (nothing copied): the Kinetis K-series reference manuals' chapter "Memory-Mapped
Cryptographic Acceleration Unit (MMCAU)" and NXP's cau2_defines.hdr / cau_api.h and mmCAU
library (MCUXpresso SDK, Kinetis K and KL8x Cortex-M0+ variants) for the command encoding. DES:
FIPS 46-3, and the command sequences and DESK/DESR flag bits of NXP's (Freescale's) mmCAU
library (mmcau_des_functions.c and cau2_defines.h, read in the copy vendored by
SiliconLabs/wiseconnect under third_party/wpa_supplicant/supplicant/src/crypto/mmcau_lib/).

Where: the Cortex-M4 Kinetis K parts have it on the private peripheral bus at 0xE0081000; the
Cortex-M0+ KL8x parts at 0xF0005000 (the SDK's Cortex-M0+ library). MMCAU_BASES below.

Register windows (offsets from the base; every access is a 32-bit word):
  0x000-0x03C  CAU_DIRECT0..15  write: up to three 9-bit commands: bit 31 "command 1 valid",
                                command 1 in bits 30:22; bit 20, command 2 in 19:11; bit 9,
                                command 3 in 8:0; run in that order
  0x800 + 4*cmd                 the indirect windows: a write issues command cmd (op | reg)
                                with the written word as its operand, a read of an STR window
                                returns the register: LDR 0x840, STR 0x880, ADR 0x8C0,
                                RADR 0x900, XOR 0x980, ROTL 0x9C0, AESC 0xB00, AESIC 0xB40,
                                each followed by its 11 registers CASR, CAA, CA0..CA8
Registers: CASR (bit 0 IC illegal command, bit 1 DPE DES parity error, bits 31:28 VER = 2),
CAA (the accumulator), CA0..CA8. Commands (op + register or function in the low 4 bits):
  CNOP 0x000   LDR 0x010 CAx = op       STR 0x020 read CAx      ADR 0x030 CAx += op
  RADR 0x040 CAx += byterev(op)         ADRA 0x050 CAA += CAx   XOR 0x060 CAx ^= op
  ROTL 0x070 CAx = CAx <<< op           MVRA 0x080 CAA = CAx    MVAR 0x090 CAx = CAA
  AESS 0x0A0 SubBytes(CAx)              AESIS 0x0B0 InvSubBytes(CAx)
  AESC 0x0C0 CAx = MixColumn(CAx) ^ op  AESIC 0x0D0 CAx = InvMixColumn(CAx ^ op)
  AESR 0x0E0 ShiftRows(CA0..CA3)        AESIR 0x0F0 InvShiftRows(CA0..CA3)
  DESK 0x110 + flags: DES key setup (FIPS 46-3) of the key in CA0:CA1 (CA0 the first four
                 key bytes, big-endian): PC-1 to the 28-bit halves C and D, kept right-aligned
                 in CA0 and CA1 (the unit's real internal layout is not visible to software:
                 this is the model's choice); then C, D <<< 1 unless DC (1, decrypt), so
                 that the first round's key is K1 (encrypt) or K16 (decrypt). CP (2): CASR.DPE
                 set when a key byte has even parity (DES keys have odd parity).
  DESR 0x100 + flags: one DES round on CA2:CA3 (CA2 = L, CA3 = R): IP (8) applies IP to the
                 block first; the round uses K = PC-2(C, D); FP (4) ends with the last round's
                 form (no swap) and IP^-1; then C and D rotate by the low two bits: KSL1 0
                 (<<< 1), KSL2 1 (<<< 2), KSR1 2 (>>> 1), KSR2 3 (>>> 2), the shift *after* the
                 round, which is what makes NXP's published sequences (DESK, then DESR+IP+KSL1,
                 KSL2 x 6, KSL1, KSL2 x 6, KSL1, DESR+FP; decryption DESK+DC and KSR) follow
                 FIPS 46-3's schedule of left shifts 1,1,2,2,2,2,2,2,1,2,2,2,2,2,2,1.
  HASH 0x120 + function: CAA += f:  HFF 0 / HFG 1 / HFH 2 (= HFP, parity) / HFI 3 on CA1..CA3
                 (MD5's F, G, H, I; SHA-1's parity), HFC 4 Ch(CA1,CA2,CA3), HFM 5
                 Maj(CA1,CA2,CA3), HF2C 6 Ch(CA4,CA5,CA6), HF2M 7 Maj(CA0,CA1,CA2),
                 HF2S 8 Sigma0(CA0), HF2T 9 Sigma1(CA4), HF2U 10 sigma0(CA8), HF2V 11 sigma1(CA8)
  SHS 0x130    SHA-1 shift: CAA <<<= 5, CA0 = CAA, CA1 = CA0, CA2 = CA1 <<< 30, CA3 = CA2,
                 CA4 = CA3 (all from the old values)
  MDS 0x140    MD5 shift: CA3 = CA2, CA2 = CA1, CA1 = CAA, CAA = CA3
  SHS2 0x150   SHA-256 shift: CA0 = CAA, CA1..CA3 = CA0..CA2, CA4 = CA3 + CA8, CA5..CA7 =
                 CA4..CA6
AES words are columns with row 0 in the most significant byte (a big-endian load of 4 state
bytes). A command the model does not know, a register number above CA8, an operand command
(LDR, STR, ADR, RADR, XOR, ROTL, AESC, AESIC) written to CAU_DIRECT: CASR.IC set, no effect.

Timing: the reference manual gives no per-command latency that this model could cite, so the
model's assumption is 1 cycle per command (CMD_CYCLES), charged to the run's cycle count on
top of the core's own store that carried it (timed by the core model): as if the core always
waited for the unit. An upper bound: silicon overlaps the unit with the core's next
instructions until the next access to the unit.

Energy: active_ma (model parameter; an assumption, not a datasheet figure: Kinetis data
sheets give the run current of the whole chip, not the unit's own) is reported with the busy
cycles in stats(); python/fieldcrypt/power.py does not add it yet (see stats()).

Without the model (peripherals not naming "mmcau"), mcusim serves the page as reading 0 with
writes ignored, like the ECB's: an image built for a part without the unit.
"""
from __future__ import annotations

MMCAU_BASES = {"cortex-m4": 0xE0081000, "cortex-m0plus": 0xF0005000, "cortex-m0": 0xF0005000}
MMCAU_SIZE = 0x1000
INDIRECT = 0x800
CMD_CYCLES = 1
# Assumed active current of the unit (mA). The worked example of how such a figure is read from
# a measurement: a blog's nRF52840 boards (Rida Idil, "BLE Series | Part 3: A Quick Comparison
# Between Cryptographic Library Backends", 2019) averaged 0.6-1.7 mA with the software backend
# and 6.8-7.7 mA with the CryptoCell CC310 backend over the same advertising and connection
# events, so about 6 mA (7.25 - 1.15 midpoints) is the CC310's extra current while it is in
# use. No such measurement of the mmCAU is known to us: it is a small datapath next to the core
# and this default (0.5 mA) is a placeholder to be replaced by a board measurement.
MMCAU_ACTIVE_MA = 0.5

CASR, CAA, CA0 = 0, 1, 2
NREGS = 11                       # CASR, CAA, CA0..CA8
CASR_IC, CASR_DPE, CASR_VER2 = 0x1, 0x2, 0x2 << 28

CNOP, LDR, STR, ADR, RADR, ADRA, XOR, ROTL = 0x000, 0x010, 0x020, 0x030, 0x040, 0x050, 0x060, 0x070
MVRA, MVAR, AESS, AESIS, AESC, AESIC, AESR, AESIR = 0x080, 0x090, 0x0A0, 0x0B0, 0x0C0, 0x0D0, 0x0E0, 0x0F0
DESR, DESK, HASH, SHS, MDS, SHS2 = 0x100, 0x110, 0x120, 0x130, 0x140, 0x150
HFF, HFG, HFH, HFI, HFC, HFM, HF2C, HF2M, HF2S, HF2T, HF2U, HF2V = range(12)
HFP = HFH
DES_DC, DES_CP = 0x1, 0x2                      # DESK flags: decrypt, check parity
DES_IP, DES_FP = 0x8, 0x4                      # DESR flags; the low two bits: the key shift
KSL1, KSL2, KSR1, KSR2 = 0, 1, 2, 3
OPERAND_OPS = (LDR, STR, ADR, RADR, XOR, ROTL, AESC, AESIC)     # the indirect-window commands

M32 = 0xFFFFFFFF
FAULTS = (None, "wrong")


def cmd1(c1: int) -> int:
    """The CAU_DIRECT word of one command (and cmd2, cmd3: two and three)."""
    return 0x80000000 | (c1 << 22)


def cmd2(c1: int, c2: int) -> int:
    return 0x80100000 | (c1 << 22) | (c2 << 11)


def cmd3(c1: int, c2: int, c3: int) -> int:
    return 0x80100200 | (c1 << 22) | (c2 << 11) | c3


def _sbox() -> tuple[list[int], list[int]]:
    """FIPS 197 5.1.1: the multiplicative inverse in GF(2^8) then the affine map."""
    exp, log = [0] * 256, [0] * 256
    x = 1
    for i in range(255):
        exp[i], log[x] = x, i
        x ^= (x << 1) ^ (0x1B if x & 0x80 else 0)     # x * 3
        x &= 0xFF
    sbox = [0] * 256
    for a in range(256):
        b = 0 if a == 0 else exp[(255 - log[a]) % 255]
        s = b
        for k in range(1, 5):
            s ^= ((b << k) | (b >> (8 - k))) & 0xFF
        sbox[a] = s ^ 0x63
    inv = [0] * 256
    for a, s in enumerate(sbox):
        inv[s] = a
    return sbox, inv


SBOX, INV_SBOX = _sbox()


def _xt(b: int) -> int:
    return ((b << 1) ^ (0x1B if b & 0x80 else 0)) & 0xFF


def _mul(a: int, b: int) -> int:
    r = 0
    while b:
        if b & 1:
            r ^= a
        a, b = _xt(a), b >> 1
    return r


def _bytes(w: int) -> list[int]:
    return [(w >> 24) & 0xFF, (w >> 16) & 0xFF, (w >> 8) & 0xFF, w & 0xFF]


def _word(b) -> int:
    return (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]


def sub_word(w: int, box=SBOX) -> int:
    return _word([box[b] for b in _bytes(w)])


def mix_column(w: int, inverse: bool = False) -> int:
    """FIPS 197 5.1.3 (5.3.3 inverse) on one column, row 0 in the top byte."""
    m = (14, 11, 13, 9) if inverse else (2, 3, 1, 1)
    a = _bytes(w)
    return _word([_mul(a[0], m[(0 - r) % 4]) ^ _mul(a[1], m[(1 - r) % 4]) ^ _mul(a[2], m[(2 - r) % 4])
                  ^ _mul(a[3], m[(3 - r) % 4]) for r in range(4)])


def _rotl(x: int, n: int) -> int:
    n &= 31
    return ((x << n) | (x >> (32 - n))) & M32 if n else x


def _rotr(x: int, n: int) -> int:
    return _rotl(x, 32 - n)


def _byterev(x: int) -> int:
    return int.from_bytes(x.to_bytes(4, "little"), "big")


# ---- DES (FIPS 46-3). Bit 1 is the most significant bit, as in the standard's tables.
# IP: rows of the even then the odd input bits, each row from bit 58 (60, 62, 64; 57 ...) down
DES_IP_TABLE = [base - 8 * c for base in (58, 60, 62, 64, 57, 59, 61, 63) for c in range(8)]
DES_FP_TABLE = [DES_IP_TABLE.index(i) + 1 for i in range(1, 65)]          # IP^-1
DES_E = [(4 * g + j - 1) % 32 + 1 for g in range(8) for j in range(6)]
DES_P = [16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10,
         2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25]
DES_PC1 = [57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18,
           10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36,
           63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22,
           14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4]
DES_PC2 = [14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10,
           23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2,
           41, 52, 31, 37, 47, 55, 30, 40, 51, 45, 33, 48,
           44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32]
DES_S = [                                      # S1..S8, each row 0..3 of 16 columns
    [14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7,
     0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8,
     4, 1, 14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0,
     15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13],
    [15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10,
     3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5,
     0, 14, 7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15,
     13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9],
    [10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8,
     13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1,
     13, 6, 4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7,
     1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12],
    [7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15,
     13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9,
     10, 6, 9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4,
     3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14],
    [2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9,
     14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6,
     4, 2, 1, 11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14,
     11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3],
    [12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11,
     10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8,
     9, 14, 15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6,
     4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13],
    [4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1,
     13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6,
     1, 4, 11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2,
     6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12],
    [13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7,
     1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2,
     7, 11, 4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8,
     2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11]]
M28 = (1 << 28) - 1


def des_permute(x: int, table: list[int], width: int) -> int:
    """Output bit k is input bit table[k] (1 = most significant of width bits)."""
    out = 0
    for p in table:
        out = (out << 1) | ((x >> (width - p)) & 1)
    return out


def des_f(r: int, k: int) -> int:
    """FIPS 46-3 f(R, K): E, xor the round key, S1..S8 (row from the outer bits), P."""
    x = des_permute(r, DES_E, 32) ^ k
    s = 0
    for i in range(8):
        six = (x >> (42 - 6 * i)) & 0x3F
        s = (s << 4) | DES_S[i][(((six >> 4) & 2) | (six & 1)) * 16 + ((six >> 1) & 0xF)]
    return des_permute(s, DES_P, 32)


def _rot28(x: int, n: int) -> int:
    n %= 28
    return ((x << n) | (x >> (28 - n))) & M28


class MmcauPeripheral:
    def __init__(self, sim, base: int | None = None, cmd_cycles: int = CMD_CYCLES,
                 active_ma: float = MMCAU_ACTIVE_MA, map_page: bool = True,
                 fault: str | None = None):
        """fault "wrong" (for tests): every AESS result has one bit flipped."""
        if fault not in FAULTS:
            raise ValueError(f"unknown mmCAU fault {fault!r}; one of {FAULTS[1:]}")
        self.sim, self.fault = sim, fault
        self.base = MMCAU_BASES[getattr(sim, "target", "cortex-m4")] if base is None else base
        self.cmd_cycles, self.active_ma = cmd_cycles, active_ma
        self.regs = [0] * NREGS
        self.regs[CASR] = CASR_VER2
        self.commands = 0            # commands executed (direct and indirect)
        self.busy_cycles = 0         # modelled cycles the unit ran (commands * cmd_cycles)
        self.illegal = 0             # commands that set CASR.IC
        self.unmodelled: set[int] = set()
        self.unmodelled_commands: set[int] = set()
        if map_page:
            sim.uc.mmio_map(self.base, MMCAU_SIZE, self._read, None, self._write, None)

    # ---- the commands
    def _illegal(self, cmd: int) -> None:
        self.regs[CASR] |= CASR_IC
        self.illegal += 1

    def _charge(self) -> None:
        self.commands += 1
        self.busy_cycles += self.cmd_cycles
        add = getattr(self.sim, "add_cycles", None)
        if add is not None:
            add(self.cmd_cycles)

    def execute(self, cmd: int, operand: int | None = None) -> None:
        """One command; operand: the written word (indirect window) or None (CAU_DIRECT)."""
        r = self.regs
        op, x = cmd & 0x1F0, cmd & 0x00F
        self._charge()
        if operand is None and op in OPERAND_OPS:
            return self._illegal(cmd)
        if op in (LDR, STR, ADR, RADR, ADRA, XOR, ROTL, MVRA, MVAR, AESS, AESIS, AESC, AESIC) \
                and x >= NREGS:
            return self._illegal(cmd)
        v = (operand or 0) & M32
        if op == CNOP:
            pass
        elif op == LDR:
            r[x] = (v & (CASR_IC | CASR_DPE)) | CASR_VER2 if x == CASR else v
        elif op == STR:
            pass                                     # the read returns it (_read)
        elif op == ADR:
            r[x] = (r[x] + v) & M32
        elif op == RADR:
            r[x] = (r[x] + _byterev(v)) & M32
        elif op == ADRA:
            r[CAA] = (r[CAA] + r[x]) & M32
        elif op == XOR:
            r[x] ^= v
        elif op == ROTL:
            r[x] = _rotl(r[x], v)
        elif op == MVRA:
            r[CAA] = r[x]
        elif op == MVAR:
            r[x] = r[CAA]
        elif op == AESS:
            r[x] = sub_word(r[x]) ^ (self.fault == "wrong")
        elif op == AESIS:
            r[x] = sub_word(r[x], INV_SBOX)
        elif op == AESC:
            r[x] = mix_column(r[x]) ^ v
        elif op == AESIC:
            r[x] = mix_column(r[x] ^ v, inverse=True)
        elif op in (AESR, AESIR):
            cols = [_bytes(r[CA0 + c]) for c in range(4)]
            sgn = 1 if op == AESR else -1
            for c in range(4):
                r[CA0 + c] = _word([cols[(c + sgn * row) % 4][row] for row in range(4)])
        elif op == HASH:
            self._hash(x)
        elif op == SHS:
            a, b, c, d = r[CA0], r[CA0 + 1], r[CA0 + 2], r[CA0 + 3]
            r[CA0], r[CA0 + 1], r[CA0 + 2], r[CA0 + 3], r[CA0 + 4] = r[CAA], a, _rotl(b, 30), c, d
            r[CAA] = _rotl(r[CAA], 5)
        elif op == MDS:
            d = r[CA0 + 3]
            r[CA0 + 3], r[CA0 + 2], r[CA0 + 1], r[CAA] = r[CA0 + 2], r[CA0 + 1], r[CAA], d
        elif op == SHS2:
            old = r[CA0:CA0 + 8]
            r[CA0] = r[CAA]
            r[CA0 + 1:CA0 + 4] = old[0:3]
            r[CA0 + 4] = (old[3] + r[CA0 + 8]) & M32
            r[CA0 + 5:CA0 + 8] = old[4:7]
        elif op == DESK:
            self._desk(x)
        elif op == DESR:
            self._desr(x)
        else:                                        # ILL, undefined
            self.unmodelled_commands.add(cmd)
            self._illegal(cmd)

    def _desk(self, flags: int) -> None:
        r = self.regs
        if flags & ~(DES_DC | DES_CP):
            return self._illegal(DESK + flags)
        key = (r[CA0] << 32) | r[CA0 + 1]
        if flags & DES_CP and any(bin(b).count("1") % 2 == 0 for b in key.to_bytes(8, "big")):
            r[CASR] |= CASR_DPE
        cd = des_permute(key, DES_PC1, 64)
        c, d = cd >> 28, cd & M28
        if not flags & DES_DC:                       # encryption's first round uses C1, D1
            c, d = _rot28(c, 1), _rot28(d, 1)
        r[CA0], r[CA0 + 1] = c, d

    def _desr(self, flags: int) -> None:
        r = self.regs
        block = (r[CA0 + 2] << 32) | r[CA0 + 3]
        if flags & DES_IP:
            block = des_permute(block, DES_IP_TABLE, 64)
        left, right = block >> 32, block & M32
        c, d = r[CA0] & M28, r[CA0 + 1] & M28
        f = des_f(right, des_permute((c << 28) | d, DES_PC2, 56))
        if flags & DES_FP:                           # the last round: no swap, then IP^-1
            block = des_permute(((left ^ f) << 32) | right, DES_FP_TABLE, 64)
        else:
            block = (right << 32) | (left ^ f)
        r[CA0 + 2], r[CA0 + 3] = block >> 32, block & M32
        shift = (1, 2, -1, -2)[flags & 3]
        r[CA0], r[CA0 + 1] = _rot28(c, shift), _rot28(d, shift)

    def _hash(self, f: int) -> None:
        r = self.regs
        b, c, d = r[CA0 + 1], r[CA0 + 2], r[CA0 + 3]
        a0, e, fr, g, w = r[CA0], r[CA0 + 4], r[CA0 + 5], r[CA0 + 6], r[CA0 + 8]
        if f == HFF:
            t = (b & c) | (~b & d)
        elif f == HFG:
            t = (b & d) | (c & ~d)
        elif f == HFH:
            t = b ^ c ^ d
        elif f == HFI:
            t = c ^ (b | (~d & M32))
        elif f == HFC:
            t = (b & c) ^ (~b & d)
        elif f == HFM:
            t = (b & c) ^ (b & d) ^ (c & d)
        elif f == HF2C:
            t = (e & fr) ^ (~e & g)
        elif f == HF2M:
            t = (a0 & b) ^ (a0 & c) ^ (b & c)
        elif f == HF2S:
            t = _rotr(a0, 2) ^ _rotr(a0, 13) ^ _rotr(a0, 22)
        elif f == HF2T:
            t = _rotr(e, 6) ^ _rotr(e, 11) ^ _rotr(e, 25)
        elif f == HF2U:
            t = _rotr(w, 7) ^ _rotr(w, 18) ^ (w >> 3)
        elif f == HF2V:
            t = _rotr(w, 17) ^ _rotr(w, 19) ^ (w >> 10)
        else:
            return self._illegal(HASH + f)
        r[CAA] = (r[CAA] + (t & M32)) & M32

    # ---- the bus
    def _read(self, uc, off, size, _user) -> int:
        if off >= INDIRECT and (off - INDIRECT) % 4 == 0:
            cmd = (off - INDIRECT) // 4
            if cmd & 0x1F0 == STR and cmd & 0xF < NREGS:
                self._charge()
                return self.regs[cmd & 0xF]
        self.unmodelled.add(self.base + off)
        return 0

    def _write(self, uc, off, size, value, _user) -> None:
        value &= M32
        if off < 0x40:
            if value & 0x80000000:
                self.execute((value >> 22) & 0x1FF)
            if value & 0x00100000:
                self.execute((value >> 11) & 0x1FF)
            if value & 0x00000200:
                self.execute(value & 0x1FF)
            return
        if off >= INDIRECT and (off - INDIRECT) % 4 == 0 and off - INDIRECT < 0x200 * 4:
            cmd = (off - INDIRECT) // 4
            if cmd & 0x1F0 in OPERAND_OPS and cmd & 0x1F0 != STR:
                self.execute(cmd, value)
                return
            if cmd & 0x1F0 not in OPERAND_OPS:       # a direct-only command written with data
                self._charge()
                self._illegal(cmd)
                return
        self.unmodelled.add(self.base + off)

    def read(self, offset: int) -> int:
        return self._read(None, offset, 4, None)

    def write(self, offset: int, value: int) -> None:
        self._write(None, offset, 4, value, None)

    def stats(self) -> dict:
        """Counters of the run. Energy (not yet in power.py's figures): the unit's charge is
        busy_cycles / clock_hz * active_ma; folding it into the bench energy needs
        power.Params to take a per-run accelerator charge (or a current per slice) next to
        the core's current * voltage."""
        return {"commands": self.commands, "busy_cycles": self.busy_cycles,
                "cmd_cycles": self.cmd_cycles, "active_ma": self.active_ma,
                "illegal": self.illegal, "casr": self.regs[CASR],
                # CAA and CA0..CA8 all zero: a driver that clears the unit after each call
                # (they hold key and message words) leaves it so at the end of the run
                "registers_clear": not any(self.regs[CAA:]),
                "unmodelled": sorted(self.unmodelled),
                "unmodelled_commands": sorted(self.unmodelled_commands)}
