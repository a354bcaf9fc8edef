"""The nRF52840's Arm CryptoCell-310 (AES and HASH engines, DIN/DOUT DMA) for the Unicorn runner
(mcusim.Sim, keyword peripherals=["cc310"]): MMIO hooks on 0x5002A000-0x5002BFFF.

Where the layout comes from:
  * 0x5002A000 CRYPTOCELL (nRF52840 Product Specification v1.1, CRYPTOCELL chapter): ENABLE at
    0x500 (bit 0: the CC310 is powered and its registers answer; off, the register bank reads
    0 and ignores writes - Nordic: "enable CryptoCell before writing to any other register").
  * 0x5002B000 the CC310 register bank, offsets as in Trusted Firmware-M's BSD-3-Clause
    low-level driver (platform/ext/target/arm/drivers/cc3xx/low_level_driver/include/
    cc3xx_reg_defs.h; the use of each field from src/cc3xx_aes.c, cc3xx_hash.c, cc3xx_dma.c
    and include/cc3xx_engine_state.h). The model's offsets below are from that bank:
      0x400 AES_KEY_0[8] (WO)  0x440 AES_IV_0[4]  0x460 AES_CTR_0[4]  0x470 AES_BUSY
      0x4BC AES_REMAINING_BYTES  0x4C0 AES_CONTROL: bit 0 decrypt, bits 2-4 mode (0 ECB,
            1 CBC, 2 CTR; others: the model's "unsupported" - the DMA ends with AHB_ERR),
            bits 12-13 key size (0 AES-128, 1 AES-192, 2 AES-256; the nRF52840's CC310 does
            AES-128 only - Nordic DevZone 120246, "its crypto cell only supports AES 128" - so
            by default another size ends the transfer with AHB_ERR; aes_key_sizes=(128, 192,
            256) models a CC310 configuration with all three, as TF-M's driver allows)
      0x640 HASH_H[8] (SHA-256's H0..H7 as numbers)  0x684 AUTO_HW_PADDING
      0x6A4 HASH_SEL_AES_MAC  0x7C0 HASH_CONTROL (2: SHA-256; others declined, AHB_ERR)
      0x7C4 HASH_PAD_EN  0x7C8 HASH_PAD_CFG  0x7CC HASH_CUR_LEN[2] (bytes hashed so far)
      0x7E4 HASH_AES_SW_RESET
      0x810 AES_CLK_ENABLE  0x818 HASH_CLK_ENABLE  0x820 DMA_CLK_ENABLE  0x824 CLK_STATUS
            (the model's bits: 0 AES, 2 HASH, 8 DMA)
      0x900 CRYPTO_CTL (engine: 0 bypass/DMA copy, 1 AES, 7 HASH; others AHB_ERR)
      0x910 CRYPTO_BUSY  0x91C HASH_BUSY
      0xA00 HOST_RGF_IRR (status)  0xA04 IMR  0xA08 ICR (write 1s to clear)
      0xC20 DIN_MEM_DMA_BUSY  0xC28 SRC_LLI_WORD0 (source address)  0xC2C SRC_LLI_WORD1
            (byte count: writing it starts the transfer)
      0xD20 DOUT_MEM_DMA_BUSY  0xD28 DST_LLI_WORD0 (destination)  0xD2C DST_LLI_WORD1
    IRR bits (cc3xx_reg_defs.h's cc3xx_interrupts_t): MEM_TO_DIN 6, DOUT_TO_MEM 7, AHB_ERR 8.
    The CC310 flavour of the TF-M driver polls MEM_TO_DIN (no output) or DOUT_TO_MEM (output).

Behaviour of one transfer (a write of SRC_LLI_WORD1 with the clocks and ENABLE on):
  * bypass: the bytes are copied to DST; AES: ECB / CBC / CTR over whole 16-byte blocks (a
    count that is not a multiple of 16 ends with AHB_ERR and writes nothing), IV_0 (CBC) and
    CTR_0 (CTR: a 128-bit big-endian counter, +1 per block) left for the next transfer as
    the hardware does; HASH: SHA-256 compression of whole 64-byte blocks from HASH_H,
    HASH_CUR_LEN advanced; with AUTO_HW_PADDING set, the bytes are the message's last and the
    engine pads (FIPS 180-4 5.1.1, length = HASH_CUR_LEN + count) - a partial block without it
    ends with AHB_ERR; a zero count with HASH_PAD_CFG bit 2 pads an empty message (TF-M's
    special case).
  * Both addresses must lie in RAM (the model's choice, as on the nRF52840 where the
    CRYPTOCELL's DMA reaches RAM only): otherwise AHB_ERR at once and nothing moves.
  * The input is read at the start; the output and the new engine registers appear, with
    MEM_TO_DIN | DOUT_TO_MEM (DOUT_TO_MEM only when DST_LLI_WORD1 was set for it), when the
    core's modelled cycle count passes the end: a driver that polls pays the wait in its
    polling cycles. The key registers are write-only; the model keeps what was written.

Timing (assumptions: neither Nordic nor Arm publishes CC310 cycle counts per block; say so
where the figures are used, and replace them with a measurement on a board):
  * the CRYPTOCELL runs from the 64 MHz HCLK, as the Cortex-M4 (CLOCK_HZ);
  * SETUP_CYCLES = 32 per transfer (descriptor fetch, AHB master start, the first FIFO fill);
  * AES: one round per cycle plus 6 cycles of key/state load per 16-byte block: 16, 18, 20
    cycles for AES-128/192/256; the 32-bit DMA moves 4 words in and 4 out per block in 8
    cycles, hidden behind the rounds;
  * SHA-256: 64 rounds plus 16 cycles (message schedule load, the H additions) = 80 cycles per
    64-byte block (16 words of DMA in, hidden);
  * bypass: one word per cycle.
Energy: ACTIVE_MA (default CC310_ACTIVE_MA = 7.25 mA, the midpoint of the 6.8-7.7 mA that
Rida Idil's 2019 measurement of an nRF52840 DK with the CC310 backend gives during the
connection phase, against 0.6-1.7 mA with micro-ecc: a whole-board figure, so an upper bound
for the peripheral) times the busy time at CLOCK_HZ; stats() reports busy cycles, that time and
the charge (nC), and the energy at VOLTAGE (3.0 V, the DK's supply).

Faults for tests (fault=): "hang" never ends a transfer (no IRR bit, the engine stays busy),
"wrong" flips one bit of the output / the new H; fault_after=n lets the first n transfers
run well before the fault starts.

Without the model (peripherals not naming "cc310"), mcusim serves the two pages as reading 0
and ignoring writes (an unimplemented device, as QEMU has them).
"""
from __future__ import annotations

import struct

from Crypto.Cipher import AES

CRYPTOCELL_BASE, CC310_SIZE = 0x5002A000, 0x2000
CC_BASE = 0x5002B000                       # the CC310 register bank
ENABLE = 0x500                             # in the CRYPTOCELL page

AES_KEY_0, AES_IV_0, AES_CTR_0, AES_BUSY = 0x400, 0x440, 0x460, 0x470
AES_REMAINING_BYTES, AES_CONTROL = 0x4BC, 0x4C0
HASH_H, AUTO_HW_PADDING, HASH_SEL_AES_MAC = 0x640, 0x684, 0x6A4
HASH_CONTROL, HASH_PAD_EN, HASH_PAD_CFG, HASH_CUR_LEN = 0x7C0, 0x7C4, 0x7C8, 0x7CC
HASH_AES_SW_RESET = 0x7E4
AES_CLK_ENABLE, HASH_CLK_ENABLE, DMA_CLK_ENABLE, CLK_STATUS = 0x810, 0x818, 0x820, 0x824
CRYPTO_CTL, CRYPTO_BUSY, HASH_BUSY = 0x900, 0x910, 0x91C
HOST_RGF_IRR, HOST_RGF_IMR, HOST_RGF_ICR = 0xA00, 0xA04, 0xA08
DIN_MEM_DMA_BUSY, SRC_LLI_WORD0, SRC_LLI_WORD1 = 0xC20, 0xC28, 0xC2C
DOUT_MEM_DMA_BUSY, DST_LLI_WORD0, DST_LLI_WORD1 = 0xD20, 0xD28, 0xD2C

MEM_TO_DIN_INT, DOUT_TO_MEM_INT, AHB_ERR_INT = 1 << 6, 1 << 7, 1 << 8
ENGINE_BYPASS, ENGINE_AES, ENGINE_HASH = 0, 1, 7
MODE_ECB, MODE_CBC, MODE_CTR = 0, 1, 2
HASH_ALG_SHA256 = 2

CLOCK_HZ = 64_000_000
SETUP_CYCLES = 32
AES_BLOCK_CYCLES = {0: 16, 1: 18, 2: 20}   # key size field -> cycles per 16-byte block
HASH_BLOCK_CYCLES = 80                     # per 64-byte SHA-256 block
CC310_ACTIVE_MA = 7.25
VOLTAGE = 3.0
FAULTS = (None, "hang", "wrong")

SHA256_K = (
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2)


def _rotr(x: int, n: int) -> int:
    return ((x >> n) | (x << (32 - n))) & 0xFFFFFFFF


def sha256_compress(h: list[int], block: bytes) -> list[int]:
    """One SHA-256 compression (FIPS 180-4 6.2.2) of a 64-byte block into the chaining value
    h (eight 32-bit words); hashlib has no such entry point, so the model computes it."""
    w = list(struct.unpack(">16I", block))
    for t in range(16, 64):
        s0 = _rotr(w[t - 15], 7) ^ _rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
        s1 = _rotr(w[t - 2], 17) ^ _rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
        w.append((w[t - 16] + s0 + w[t - 7] + s1) & 0xFFFFFFFF)
    a, b, c, d, e, f, g, hh = h
    for t in range(64):
        t1 = (hh + (_rotr(e, 6) ^ _rotr(e, 11) ^ _rotr(e, 25)) + ((e & f) ^ (~e & g))
              + SHA256_K[t] + w[t]) & 0xFFFFFFFF
        t2 = ((_rotr(a, 2) ^ _rotr(a, 13) ^ _rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) & 0xFFFFFFFF
        a, b, c, d, e, f, g, hh = (t1 + t2) & 0xFFFFFFFF, a, b, c, (d + t1) & 0xFFFFFFFF, e, f, g
    return [(x + y) & 0xFFFFFFFF for x, y in zip(h, (a, b, c, d, e, f, g, hh))]


def sha256_pad(tail: bytes, total_len: int) -> bytes:
    """The last bytes of a message of total_len bytes, padded (FIPS 180-4 5.1.1)."""
    pad = b"\x80" + bytes((55 - total_len) % 64)
    return tail + pad + struct.pack(">Q", 8 * total_len)


class Cc310Peripheral:
    def __init__(self, sim, fault: str | None = None, fault_after: int = 0,
                 active_ma: float = CC310_ACTIVE_MA, aes_key_sizes=(128,),
                 map_page: bool = True):
        if fault not in FAULTS:
            raise ValueError(f"unknown CC310 fault {fault!r}; one of {FAULTS[1:]}")
        self.sim, self.fault, self.fault_after, self.active_ma = sim, fault, fault_after, active_ma
        if not set(aes_key_sizes) <= {128, 192, 256}:
            raise ValueError(f"AES key sizes are 128, 192, 256, not {aes_key_sizes}")
        self.aes_size_fields = {(bits - 128) // 64 for bits in aes_key_sizes}
        syms = sim.info.symbols
        self.ram = (syms.get("_sram", 0x20000000), syms.get("_estack", 0x20000000 + 16 * 1024))
        self.enable = 0
        self.regs: dict[int, int] = {}     # plain read/write registers of the bank
        self.key = [0] * 8
        self.iv = [0] * 4
        self.ctr = [0] * 4
        self.h = [0] * 8
        self.irr = 0
        self.pending = None                # (end cycle, apply function or None for a hang)
        self.transfers = 0                 # transfers started
        self.errors = 0                    # transfers that ended with AHB_ERR
        self.aes_blocks = 0
        self.hash_blocks = 0
        self.busy_cycles = 0               # modelled cycles the engines ran
        self.unmodelled: set[int] = set()
        if map_page:
            sim.uc.mmio_map(CRYPTOCELL_BASE, CC310_SIZE, self._read, None, self._write, None)

    def _now(self) -> int:
        return self.sim.cycles

    def _reg(self, off: int) -> int:
        return self.regs.get(off, 0)

    def _settle(self) -> None:
        if self.pending is None or self._now() < self.pending[0]:
            return
        _end, apply = self.pending
        self.pending = None
        apply()

    def _busy(self) -> int:
        self._settle()
        return int(self.pending is not None)

    def _in_ram(self, addr: int, n: int) -> bool:
        lo, hi = self.ram
        return lo <= addr and addr + n <= hi

    # ---- the engines: (output bytes or None, cycles, blocks) or None for "not this input"
    def _aes(self, data: bytes):
        ctl = self._reg(AES_CONTROL)
        mode, ksize, decrypt = (ctl >> 2) & 7, (ctl >> 12) & 3, ctl & 1
        if len(data) % 16 or mode not in (MODE_ECB, MODE_CBC, MODE_CTR) \
                or ksize not in self.aes_size_fields:
            return None
        key = b"".join(struct.pack("<I", k) for k in self.key[:4 + 2 * ksize])
        ecb = AES.new(key, AES.MODE_ECB)
        iv = b"".join(struct.pack("<I", w) for w in self.iv)
        ctr = int.from_bytes(b"".join(struct.pack("<I", w) for w in self.ctr), "big")
        out = bytearray()
        for i in range(0, len(data), 16):
            blk = data[i:i + 16]
            if mode == MODE_ECB:
                out += ecb.decrypt(blk) if decrypt else ecb.encrypt(blk)
            elif mode == MODE_CBC and not decrypt:
                iv = ecb.encrypt(bytes(a ^ b for a, b in zip(blk, iv)))
                out += iv
            elif mode == MODE_CBC:
                out += bytes(a ^ b for a, b in zip(ecb.decrypt(blk), iv))
                iv = blk
            else:
                ks = ecb.encrypt(ctr.to_bytes(16, "big"))
                out += bytes(a ^ b for a, b in zip(blk, ks))
                ctr = (ctr + 1) % (1 << 128)
        new_iv = list(struct.unpack("<4I", iv))
        new_ctr = list(struct.unpack("<4I", ctr.to_bytes(16, "big")))

        def commit():
            self.iv, self.ctr = new_iv, new_ctr
        return bytes(out), len(data) // 16 * AES_BLOCK_CYCLES[ksize], len(data) // 16, commit

    def _hash(self, data: bytes):
        if self._reg(HASH_CONTROL) & 0xF != HASH_ALG_SHA256 or self._reg(HASH_SEL_AES_MAC):
            return None
        done = self._reg(HASH_CUR_LEN) | self._reg(HASH_CUR_LEN + 4) << 32
        if self._reg(AUTO_HW_PADDING) or (not data and self._reg(HASH_PAD_CFG) & 4):
            if not self._reg(HASH_PAD_EN):
                return None
            data = sha256_pad(data, done + len(data))
        elif len(data) % 64:
            return None
        h = list(self.h)
        for i in range(0, len(data), 64):
            h = sha256_compress(h, data[i:i + 64])
        total = done + len(data)

        def commit():
            self.h = h
            self.regs[HASH_CUR_LEN] = total & 0xFFFFFFFF
            self.regs[HASH_CUR_LEN + 4] = total >> 32
        return None, len(data) // 64 * HASH_BLOCK_CYCLES, len(data) // 64, commit

    def _start(self, length: int) -> None:
        if self.pending is not None:       # a start while busy: ignored (the model's choice)
            return
        self.transfers += 1
        src, dst = self._reg(SRC_LLI_WORD0), self._reg(DST_LLI_WORD0)
        out_len = self._reg(DST_LLI_WORD1)
        engine = self._reg(CRYPTO_CTL) & 0x1F
        clocks = {ENGINE_BYPASS: DMA_CLK_ENABLE, ENGINE_AES: AES_CLK_ENABLE,
                  ENGINE_HASH: HASH_CLK_ENABLE}
        ok = engine in clocks and self._reg(DMA_CLK_ENABLE) & 1 and self._reg(clocks[engine]) & 1 \
            and self._in_ram(src, length) and (not out_len or self._in_ram(dst, out_len))
        res = None
        if ok:
            data = bytes(self.sim.uc.mem_read(src, length)) if length else b""
            if engine == ENGINE_BYPASS:
                res = data, (length + 3) // 4, 0, lambda: None
            elif engine == ENGINE_AES:
                res = self._aes(data)
            else:
                res = self._hash(data)
            if res is not None and res[0] is not None and len(res[0]) > out_len:
                res = None                  # no room for the output
        if res is None:
            self.irr |= AHB_ERR_INT
            self.errors += 1
            return
        out, cycles, blocks, commit = res
        cycles += SETUP_CYCLES
        faulty = self.fault is not None and self.transfers > self.fault_after
        if faulty and self.fault == "hang":
            self.pending = (float("inf"), None)
            return
        if faulty and self.fault == "wrong":
            if out:
                out = bytes([out[0] ^ 1]) + out[1:]
            else:
                inner = commit

                def commit():
                    inner()
                    self.h[0] ^= 1

        def apply():
            if out:
                self.sim.uc.mem_write(dst, out)
            commit()
            self.busy_cycles += cycles
            if engine == ENGINE_AES:
                self.aes_blocks += blocks
            elif engine == ENGINE_HASH:
                self.hash_blocks += blocks
            self.irr |= MEM_TO_DIN_INT | (DOUT_TO_MEM_INT if out_len else 0)
        self.pending = (self._now() + cycles, apply)

    def _reset(self) -> None:
        self.pending = None
        for off in (AES_CONTROL, HASH_CONTROL, HASH_PAD_CFG, AUTO_HW_PADDING):
            self.regs.pop(off, None)

    # ---- bus
    def _read(self, uc, off, size, _user) -> int:
        self._settle()
        if off < 0x1000:
            if off == ENABLE:
                return self.enable
            self.unmodelled.add(CRYPTOCELL_BASE + off)
            return 0
        off -= 0x1000
        if not self.enable:
            return 0
        if AES_KEY_0 <= off < AES_KEY_0 + 32:
            return 0                                        # write-only
        if AES_IV_0 <= off < AES_IV_0 + 16:
            return self.iv[(off - AES_IV_0) // 4]
        if AES_CTR_0 <= off < AES_CTR_0 + 16:
            return self.ctr[(off - AES_CTR_0) // 4]
        if HASH_H <= off < HASH_H + 32:
            return self.h[(off - HASH_H) // 4]
        if off in (AES_BUSY, CRYPTO_BUSY, HASH_BUSY, DIN_MEM_DMA_BUSY, DOUT_MEM_DMA_BUSY):
            return self._busy()
        if off == HOST_RGF_IRR:
            return self.irr
        if off == CLK_STATUS:
            return (self._reg(AES_CLK_ENABLE) & 1) | (self._reg(HASH_CLK_ENABLE) & 1) << 2 \
                | (self._reg(DMA_CLK_ENABLE) & 1) << 8
        if off in (AES_REMAINING_BYTES, AES_CONTROL, HASH_CONTROL, HASH_PAD_EN, HASH_PAD_CFG,
                   HASH_CUR_LEN, HASH_CUR_LEN + 4, AES_CLK_ENABLE, HASH_CLK_ENABLE,
                   DMA_CLK_ENABLE, HOST_RGF_IMR, SRC_LLI_WORD0, DST_LLI_WORD0, DST_LLI_WORD1):
            return self._reg(off)
        self.unmodelled.add(CC_BASE + off)
        return 0

    def _write(self, uc, off, size, value, _user) -> None:
        self._settle()
        value &= 0xFFFFFFFF
        if off < 0x1000:
            if off == ENABLE:
                self.enable = value & 1
                if not self.enable:
                    self._reset()                            # powered down: a transfer is lost
            else:
                self.unmodelled.add(CRYPTOCELL_BASE + off)
            return
        off -= 0x1000
        if not self.enable:
            return
        if AES_KEY_0 <= off < AES_KEY_0 + 32:
            self.key[(off - AES_KEY_0) // 4] = value
        elif AES_IV_0 <= off < AES_IV_0 + 16:
            self.iv[(off - AES_IV_0) // 4] = value
        elif AES_CTR_0 <= off < AES_CTR_0 + 16:
            self.ctr[(off - AES_CTR_0) // 4] = value
        elif HASH_H <= off < HASH_H + 32:
            self.h[(off - HASH_H) // 4] = value
        elif off == HOST_RGF_ICR:
            self.irr &= ~value
        elif off == SRC_LLI_WORD1:
            self._start(value)
        elif off == HASH_AES_SW_RESET:
            if value & 1:
                self._reset()
        elif off in (AES_REMAINING_BYTES, AES_CONTROL, AUTO_HW_PADDING, HASH_SEL_AES_MAC,
                     HASH_CONTROL, HASH_PAD_EN, HASH_PAD_CFG, HASH_CUR_LEN, HASH_CUR_LEN + 4,
                     AES_CLK_ENABLE, HASH_CLK_ENABLE, DMA_CLK_ENABLE, CRYPTO_CTL, HOST_RGF_IMR,
                     SRC_LLI_WORD0, DST_LLI_WORD0, DST_LLI_WORD1):
            self.regs[off] = value
        else:
            self.unmodelled.add(CC_BASE + off)

    def read(self, offset: int) -> int:
        """offset from CRYPTOCELL_BASE (0x1000 and up: the CC310 bank)."""
        return self._read(self.sim.uc, offset, 4, None)

    def write(self, offset: int, value: int) -> None:
        self._write(self.sim.uc, offset, 4, value, None)

    def key_registers(self) -> list[int]:
        """What the key registers hold now (a test's view; the bus cannot read them)."""
        return list(self.key)

    def stats(self) -> dict:
        busy_s = self.busy_cycles / CLOCK_HZ
        charge_c = self.active_ma * 1e-3 * busy_s
        return {"transfers": self.transfers, "errors": self.errors,
                "aes_blocks": self.aes_blocks, "hash_blocks": self.hash_blocks,
                "busy_cycles": self.busy_cycles, "clock_hz": CLOCK_HZ,
                "active_ma": self.active_ma, "busy_us": busy_s * 1e6,
                "charge_nc": charge_c * 1e9, "energy_nj": charge_c * VOLTAGE * 1e9,
                "key_registers_clear": not any(self.key),
                "unmodelled": sorted(self.unmodelled)}
