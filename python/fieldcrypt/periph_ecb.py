"""The nRF51 ECB peripheral (AES-128 encryption) for the Unicorn runner (mcusim.Sim, keyword
peripherals=["ecb"]): MMIO hooks on its register page at 0x4000E000.

Registers (nRF51 Series Reference Manual v3.0, ECB chapter; Nordic's nrf51.h):
  0x000 TASKS_STARTECB   write: read key and cleartext from the 48-byte block at ECBDATAPTR,
                         encrypt; ENDECB (and the ciphertext in RAM) one block time later
  0x004 TASKS_STOPECB    write: abort a running block: ERRORECB, no ciphertext written
  0x100 EVENTS_ENDECB    1 when a block has finished; software writes 0 to clear
  0x104 EVENTS_ERRORECB  1 when a block was aborted; software writes 0 to clear
  0x304 INTENSET, 0x308 INTENCLR   the interrupt mask (kept; the runner takes no interrupts)
  0x504 ECBDATAPTR       address of key[16] || cleartext[16] || ciphertext[16]
  0xFFC POWER            reads 1
STARTECB with ECBDATAPTR's 48 bytes not all in RAM raises ERRORECB (the model's choice: the
peripheral's EasyDMA reaches RAM only, and the Reference Manual leaves the outcome open).

Timing: a block takes 7.2 us (nRF51822 Product Specification v3.1, ECB electrical
specification, "run time per 16 byte block"), at the nRF51's 16 MHz 115 cycles
(ECB_BLOCK_CYCLES; a measurement on a board would replace the datasheet's figure). The block
ends at the start's modelled cycle plus that; EVENTS_ENDECB
reads 0 until the core's modelled cycle count has passed it, so a driver that polls pays the
wait in its own polling cycles, as on silicon.

Energy: active_ma, the current the peripheral adds while a block runs, is reported with the
busy cycles in stats() (the charge of the run is busy_cycles / CLOCK_HZ * active_ma; power.py
does not fold it into its figures yet). ECB_ACTIVE_MA is an assumption, not a datasheet figure
(the nRF51822 Product Specification gives the ECB's run time, not its own current); see
periph_mmcau.MMCAU_ACTIVE_MA for the worked example of reading such a figure off a
measurement (seed 000: CryptoCell CC310 on the nRF52840, about 6 mA over software).

Faults for tests (fault=): "hang" never ends a block, "error" raises ERRORECB instead of
ENDECB, "wrong" ends with a ciphertext with one bit flipped; fault_after=n lets the first n
blocks run well before the fault starts.

Without the model (peripherals not naming "ecb"), mcusim serves the page as QEMU's micro:bit
does (an unimplemented device): every register reads 0, writes are ignored.
"""
from __future__ import annotations

from Crypto.Cipher import AES

ECB_BASE, ECB_SIZE = 0x4000E000, 0x1000
TASKS_STARTECB, TASKS_STOPECB = 0x000, 0x004
EVENTS_ENDECB, EVENTS_ERRORECB = 0x100, 0x104
INTENSET, INTENCLR, ECBDATAPTR, POWER = 0x304, 0x308, 0x504, 0xFFC

CLOCK_HZ = 16_000_000
ECB_BLOCK_US = 7.2
ECB_BLOCK_CYCLES = round(ECB_BLOCK_US * 1e-6 * CLOCK_HZ)   # 115 (115.2)
FAULTS = (None, "hang", "error", "wrong")
ECB_ACTIVE_MA = 1.0          # assumed (see above): replace with a board measurement


class EcbPeripheral:
    def __init__(self, sim, fault: str | None = None, fault_after: int = 0,
                 block_cycles: int = ECB_BLOCK_CYCLES, map_page: bool = True,
                 active_ma: float = ECB_ACTIVE_MA):
        """map_page False: the caller maps the page and hands its accesses to read / write
        (firmware.py's nRF51 model, which maps the whole peripheral region)."""
        if fault not in FAULTS:
            raise ValueError(f"unknown ECB fault {fault!r}; one of {FAULTS[1:]}")
        self.sim, self.fault, self.fault_after = sim, fault, fault_after
        self.block_cycles = block_cycles
        self.active_ma = active_ma
        syms = sim.info.symbols
        self.ram = (syms.get("_sram", 0x20000000), syms.get("_estack", 0x20000000 + 16 * 1024))
        self.endecb = self.errorecb = 0
        self.inten = 0
        self.dataptr = 0
        self.pending = None          # (end cycle, dataptr, ciphertext or None for ERRORECB)
        self.started = 0             # STARTECB tasks
        self.blocks = 0              # blocks that ended with ENDECB
        self.errors = 0              # blocks that ended with ERRORECB
        self.busy_cycles = 0         # modelled cycles the peripheral ran
        self.unmodelled: set[int] = set()
        if map_page:
            sim.uc.mmio_map(ECB_BASE, ECB_SIZE, self._read, None, self._write, None)

    # the core's modelled cycle count (mcusim.Sim: the cycles of every block entered so far)
    def _now(self) -> int:
        return self.sim.cycles

    def _settle(self) -> None:
        """Ends the running block if its time has come: ciphertext to RAM and ENDECB, or
        ERRORECB."""
        if self.pending is None or self._now() < self.pending[0]:
            return
        _end, ptr, ct = self.pending
        self.pending = None
        self.busy_cycles += self.block_cycles
        if ct is None:
            self.errorecb = 1
            self.errors += 1
        else:
            self.sim.uc.mem_write(ptr + 32, ct)
            self.endecb = 1
            self.blocks += 1

    def _in_ram(self, ptr: int) -> bool:
        lo, hi = self.ram
        return lo <= ptr and ptr + 48 <= hi

    def _start(self) -> None:
        now = self._now()
        if self.pending is not None:      # a start while busy restarts nothing on silicon
            return
        self.started += 1
        faulty = self.fault is not None and self.started > self.fault_after
        if not self._in_ram(self.dataptr):
            self.errorecb = 1
            self.errors += 1
            return
        if faulty and self.fault == "hang":
            self.pending = (float("inf"), self.dataptr, None)
            return
        if faulty and self.fault == "error":
            self.pending = (now + self.block_cycles, self.dataptr, None)
            return
        data = bytes(self.sim.uc.mem_read(self.dataptr, 32))   # EasyDMA reads at the start
        ct = bytearray(AES.new(data[:16], AES.MODE_ECB).encrypt(data[16:32]))
        if faulty and self.fault == "wrong":
            ct[0] ^= 1
        self.pending = (now + self.block_cycles, self.dataptr, bytes(ct))

    def _stop(self) -> None:
        if self.pending is not None:
            self.pending = None
            self.errorecb = 1
            self.errors += 1

    def _read(self, uc, off, size, _user) -> int:
        self._settle()
        if off == EVENTS_ENDECB:
            return self.endecb
        if off == EVENTS_ERRORECB:
            return self.errorecb
        if off in (INTENSET, INTENCLR):
            return self.inten
        if off == ECBDATAPTR:
            return self.dataptr
        if off == POWER:
            return 1
        if off not in (TASKS_STARTECB, TASKS_STOPECB):
            self.unmodelled.add(ECB_BASE + off)
        return 0

    def _write(self, uc, off, size, value, _user) -> None:
        self._settle()
        value &= 0xFFFFFFFF
        if off == TASKS_STARTECB:
            if value:
                self._start()
        elif off == TASKS_STOPECB:
            if value:
                self._stop()
        elif off == EVENTS_ENDECB:
            self.endecb = value & 1
        elif off == EVENTS_ERRORECB:
            self.errorecb = value & 1
        elif off == INTENSET:
            self.inten |= value & 3
        elif off == INTENCLR:
            self.inten &= ~value & 3
        elif off == ECBDATAPTR:
            self.dataptr = value
        elif off != POWER:
            self.unmodelled.add(ECB_BASE + off)

    def read(self, offset: int) -> int:
        return self._read(self.sim.uc, offset, 4, None)

    def write(self, offset: int, value: int) -> None:
        self._write(self.sim.uc, offset, 4, value, None)

    def stats(self) -> dict:
        return {"started": self.started, "blocks": self.blocks, "errors": self.errors,
                "busy_cycles": self.busy_cycles, "block_cycles": self.block_cycles,
                "active_ma": self.active_ma,
                "unmodelled": sorted(self.unmodelled)}
