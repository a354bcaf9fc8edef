"""Run a bare-metal benchmark image (targets/, bench/) in Unicorn: exact instruction counts,
modelled cycles (cost_models.py: ARM TRM tables for Cortex-M0/M0+/M4, a rough generic RV32),
per-region counts through bench_mark() calls, stack high-water marks, static flash/RAM.

Program contract (targets/board.h):
  * ARM: the vector table at 0 (initial SP, reset vector); RV32: the ELF entry.
  * bench_mark(id) is a real function; the runner snapshots its counters when it is entered.
    Region id (odd) -> id + 1; a region entered several times is summed. Region 1 -> 2, empty,
    is the marker overhead, subtracted from every other region (per entry).
  * Semihosting SYS_WRITE0 / SYS_WRITEC / SYS_WRITE / SYS_EXIT (BKPT 0xAB on ARM, the
    slli/ebreak/srai sequence on RISC-V). The image's exit status is the run's result.
  * Symbols _sram, _ebss, _estack: the RAM, and the free area the stack grows into, which is
    painted so the high-water mark can be read afterwards (and repainted at each region start,
    so each region also gets its own stack depth, measured from the SP at its start marker).

Peripherals (opt-in per run, keyword peripherals): "ecb", the nRF51 ECB (periph_ecb.py);
"cc310", the nRF52840's CryptoCell-310 (periph_cc310.py); "mmcau", the Kinetis mmCAU
(periph_mmcau.py: at 0xE0081000 on the Cortex-M4, 0xF0005000 on the Cortex-M0/M0+); or
(name, {options}). Without one, an access to its register page reads 0 and writes are ignored,
as on QEMU's micro:bit (an unimplemented device there); any other unmapped access still ends the
run. A model may charge cycles of its own (add_cycles); each reports busy cycles and its assumed
active current in its stats.

Cycles are a model (zero wait states, no interrupts, no bus contention), not silicon.
python -m fieldcrypt.mcusim IMAGE.elf --target cortex-m0plus [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, field

from capstone import CS_ARCH_ARM, CS_ARCH_RISCV, CS_MODE_MCLASS, CS_MODE_RISCV32, CS_MODE_RISCVC, \
    CS_MODE_THUMB, Cs
from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection
from unicorn import UC_ARCH_ARM, UC_ARCH_RISCV, UC_HOOK_BLOCK, UC_HOOK_INTR, UC_HOOK_MEM_INVALID, \
    UC_MODE_MCLASS, UC_MODE_RISCV32, UC_MODE_THUMB, UC_PROT_ALL, Uc, UcError
from unicorn import arm_const as UA
from unicorn import riscv_const as UR

from . import cost_models as CM

PAINT = 0xA5
EXIT_OK, EXIT_FAIL, EXIT_FAULT, EXIT_EMU, EXIT_LIMIT, EXIT_NOT_V6M = 0, 1, 2, 3, 4, 5


def _page_down(x, p=0x1000):
    return x & ~(p - 1)


def _page_up(x, p=0x1000):
    return (x + p - 1) & ~(p - 1)


@dataclass
class ElfInfo:
    symbols: dict
    segments: list            # (paddr, vaddr, data, memsz)
    entry: int
    flash_bytes: int          # text + rodata + .data load image (+ exidx, vectors)
    ram_bytes: int            # .data + .bss (static RAM, stack excluded)
    sections: dict = field(default_factory=dict)


def elf_info(path) -> ElfInfo:
    """Symbols, loadable segments and static flash / RAM of an image (pyelftools)."""
    with open(path, 'rb') as f:
        elf = ELFFile(f)
        syms = {}
        for sec in elf.iter_sections():
            if isinstance(sec, SymbolTableSection):
                for s in sec.iter_symbols():
                    if s.name:
                        syms[s.name] = s['st_value']
        segs = [(seg['p_paddr'], seg['p_vaddr'], seg.data(), seg['p_memsz'])
                for seg in elf.iter_segments() if seg['p_type'] == 'PT_LOAD']
        sram = syms.get('_sram')
        flash = ram = 0
        sections = {}
        for sec in elf.iter_sections():
            if not sec['sh_flags'] & SH_FLAGS.SHF_ALLOC or not sec['sh_size']:
                continue
            size, addr = sec['sh_size'], sec['sh_addr']
            sections[sec.name] = size
            in_ram = sram is not None and addr >= sram
            if sec['sh_type'] != 'SHT_NOBITS':
                flash += size                  # in flash: code, constants, .data's initialiser
            if in_ram:
                ram += size                    # .data and .bss
        return ElfInfo(syms, segs, elf.header['e_entry'], flash, ram, sections)


class _Block:
    __slots__ = ('n', 'cyc', 'tail', 'fall', 'pen', 'unal')


def _peripheral_models(target: str) -> dict:
    """{name: (class, base, size)} of the ARM target's peripheral models."""
    from . import periph_cc310, periph_ecb, periph_mmcau
    return {"ecb": (periph_ecb.EcbPeripheral, periph_ecb.ECB_BASE, periph_ecb.ECB_SIZE),
            "cc310": (periph_cc310.Cc310Peripheral, periph_cc310.CRYPTOCELL_BASE,
                      periph_cc310.CC310_SIZE),
            "mmcau": (periph_mmcau.MmcauPeripheral, periph_mmcau.MMCAU_BASES[target],
                      periph_mmcau.MMCAU_SIZE)}


class Sim:
    def __init__(self, elf_path, target: str, model_kw: dict | None = None, peripherals=()):
        if target not in CM.CORES:
            raise ValueError(f'unknown target {target!r}')
        self.target = target
        self.is_rv = CM.CORES[target][1] == 'riscv'
        self.model = CM.make_model(target, **(model_kw or {}))
        self.info = elf_info(elf_path)
        self.out: list[bytes] = []
        self.exit_code = None
        self.error = ''
        self.marks: list[tuple[int, int, int, int]] = []   # (id, insns, cycles, stack depth)
        self.mark_busy: list[int] = []   # with peripherals: their busy cycles at each mark
        self.blocks: dict[int, _Block] = {}
        self._low = 1 << 32
        if self.is_rv:
            self.uc = Uc(UC_ARCH_RISCV, UC_MODE_RISCV32)
            self.cs = Cs(CS_ARCH_RISCV, CS_MODE_RISCV32 | CS_MODE_RISCVC)
        else:
            self.uc = Uc(UC_ARCH_ARM, UC_MODE_THUMB | UC_MODE_MCLASS)
            self.uc.ctl_set_cpu_model(UA.UC_CPU_ARM_CORTEX_M4 if target == 'cortex-m4'
                                      else UA.UC_CPU_ARM_CORTEX_M0)
            self.cs = Cs(CS_ARCH_ARM, CS_MODE_THUMB | CS_MODE_MCLASS)
        self.cs.detail = True
        self._map()
        # pages that read as zero when their peripheral is not modelled (QEMU's micro:bit)
        self._absent = [] if self.is_rv else [(b, b + n) for _c, b, n in _peripheral_models(target).values()]
        self._state = [0, 0, 0, 0, 0]
        self.peripherals = {}
        for item in peripherals or ():
            name, opts = (item, {}) if isinstance(item, str) else item
            models = {} if self.is_rv else _peripheral_models(target)
            if name not in models:
                raise ValueError(f"unknown peripheral {name!r}; one of {', '.join(sorted(models))}")
            cls, base, size = models[name]
            self.peripherals[name] = cls(self, **opts)
            self._absent.remove((base, base + size))

    def add_cycles(self, n: int) -> None:
        """A peripheral's own time, charged to the run (the core waits for it)."""
        self._state[1] += n

    # ---- memory
    def _map(self):
        syms = self.info.symbols
        regions = [(_page_down(p), _page_up(p + max(m, len(d)))) for p, _v, d, m in self.info.segments]
        regions += [(_page_down(v), _page_up(v + max(m, len(d)))) for _p, v, d, m in self.info.segments]
        if '_sram' in syms and '_estack' in syms:
            regions.append((_page_down(syms['_sram']), _page_up(syms['_estack'])))
        merged = []
        for lo, hi in sorted(regions):
            if merged and lo <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
            else:
                merged.append((lo, hi))
        for lo, hi in merged:
            self.uc.mem_map(lo, hi - lo, UC_PROT_ALL)
        self.stack_lo, self.stack_hi = syms.get('_ebss'), syms.get('_estack')
        if self.stack_lo and self.stack_hi:
            self.uc.mem_write(self.stack_lo, bytes([PAINT]) * (self.stack_hi - self.stack_lo))
        for paddr, _v, data, _m in self.info.segments:
            if data:
                self.uc.mem_write(paddr, data)

    def _lowest_touched(self) -> int:
        """Address of the lowest stack byte written since the last paint."""
        mem = bytes(self.uc.mem_read(self.stack_lo, self.stack_hi - self.stack_lo))
        return self.stack_lo + (len(mem) - len(mem.lstrip(bytes([PAINT]))))

    # ---- decoding
    def _decode(self, addr, size) -> _Block:
        insns = list(self.cs.disasm(bytes(self.uc.mem_read(addr, size)), addr))
        b = _Block()
        b.n, b.cyc, b.tail, b.pen, b.fall = len(insns), 0, 0, 0, addr + size
        prev = None
        for i, ins in enumerate(insns):
            c, kind, extra = self.model.cost(ins, prev)
            b.cyc += c
            prev = ins
            if i == len(insns) - 1:
                b.tail, b.pen, b.fall = kind, extra, ins.address + ins.size
        # Cortex-M4: the refill after a branch costs one more cycle when the target is a 32-bit
        # instruction on a halfword boundary
        b.unal = int(self.target == 'cortex-m4' and bool(insns) and insns[0].size == 4 and bool(addr & 2))
        return b

    # ---- semihosting
    def _cstr(self, addr) -> bytes:
        out = bytearray()
        while True:
            # never past the next 64-byte boundary: a string near the end of the last mapped
            # page (a small image's strings) must not make the read leave the mapping
            n = 64 - (addr & 63)
            chunk = bytes(self.uc.mem_read(addr, n))
            z = chunk.find(b'\0')
            if z >= 0:
                return bytes(out + chunk[:z])
            out += chunk
            addr += n

    def _semihost(self, op, arg) -> int:
        uc = self.uc
        if op == 0x04:                                  # SYS_WRITE0
            self.out.append(self._cstr(arg))
            return 0
        if op == 0x03:                                  # SYS_WRITEC
            self.out.append(bytes(uc.mem_read(arg, 1)))
            return 0
        if op == 0x05:                                  # SYS_WRITE
            w = bytes(uc.mem_read(arg, 12))
            _fd, buf, n = (int.from_bytes(w[i:i + 4], 'little') for i in (0, 4, 8))
            self.out.append(bytes(uc.mem_read(buf, n)))
            return 0
        if op in (0x18, 0x20):                          # SYS_EXIT / SYS_EXIT_EXTENDED
            if op == 0x18 and arg in (0x20026, 0x20023):
                self.exit_code = EXIT_OK if arg == 0x20026 else EXIT_FAIL
            else:
                w = bytes(uc.mem_read(arg, 8))
                reason, sub = int.from_bytes(w[:4], 'little'), int.from_bytes(w[4:], 'little')
                self.exit_code = sub if reason == 0x20026 else EXIT_FAIL
            uc.emu_stop()
            return 0
        self.error = f'unsupported semihosting call 0x{op:x}'
        return -1

    def _on_intr(self, uc, intno, _user):
        if self.is_rv:
            pc = uc.reg_read(UR.UC_RISCV_REG_PC)
            if bytes(uc.mem_read(pc, 4)) == b'\x73\x00\x10\x00':     # ebreak
                r = self._semihost(uc.reg_read(UR.UC_RISCV_REG_A0), uc.reg_read(UR.UC_RISCV_REG_A1))
                uc.reg_write(UR.UC_RISCV_REG_A0, r & 0xFFFFFFFF)
                uc.reg_write(UR.UC_RISCV_REG_PC, pc + 4)
                return
            self.error = f'unexpected trap {intno} at pc=0x{pc:x}'
        else:
            pc = uc.reg_read(UA.UC_ARM_REG_PC)
            if int.from_bytes(bytes(uc.mem_read(pc & ~1, 2)), 'little') == 0xBEAB:   # BKPT 0xAB
                r = self._semihost(uc.reg_read(UA.UC_ARM_REG_R0), uc.reg_read(UA.UC_ARM_REG_R1))
                uc.reg_write(UA.UC_ARM_REG_R0, r & 0xFFFFFFFF)
                uc.reg_write(UA.UC_ARM_REG_PC, (pc + 2) | 1)
                return
            self.error = f'unexpected exception {intno} at pc=0x{pc:x}'
        self.exit_code = EXIT_FAULT
        uc.emu_stop()

    def _on_bad_mem(self, uc, _access, addr, size, _value, _user):
        for lo, hi in self._absent:
            if lo <= addr < hi:        # an absent peripheral: zeros, writes ignored
                uc.mmio_map(lo, hi - lo, lambda *_a: 0, None, lambda *_a: None, None)
                self._absent.remove((lo, hi))
                return True
        pc = uc.reg_read(UR.UC_RISCV_REG_PC if self.is_rv else UA.UC_ARM_REG_PC)
        self.error = f'invalid memory access at 0x{addr:08x} (size {size}) from pc=0x{pc:08x}'
        return False

    # ---- run
    def run(self, max_insns: int = 2_000_000_000) -> int:
        blocks, decode, uc, marks = self.blocks, self._decode, self.uc, self.marks
        mark_addr = self.info.symbols.get('bench_mark', -1) & ~1
        is_rv = self.is_rv
        reg_a0 = UR.UC_RISCV_REG_A0 if is_rv else UA.UC_ARM_REG_R0
        reg_sp = UR.UC_RISCV_REG_SP if is_rv else UA.UC_ARM_REG_SP
        can_paint = bool(self.stack_lo and self.stack_hi)
        open_sp: dict[int, int] = {}
        state = [0, 0, 0, 0, 0]   # ni, nc, tail, fall, pen

        def on_block(uc_, addr, size, _user):
            key = (addr << 12) | size
            b = blocks.get(key)
            if b is None:
                b = blocks[key] = decode(addr, size)
            tail = state[2]
            if tail:
                if tail == CM.COND:
                    if addr != state[3]:
                        state[1] += state[4] + b.unal
                else:
                    state[1] += b.unal
            if addr == mark_addr:
                mid = uc_.reg_read(reg_a0)
                depth = 0
                if can_paint:
                    sp = uc_.reg_read(reg_sp)
                    low = self._lowest_touched()
                    self._low = min(self._low, low)
                    if mid & 1:
                        open_sp[mid] = sp
                        uc_.mem_write(self.stack_lo, bytes([PAINT]) * (sp - self.stack_lo))
                    elif mid - 1 in open_sp:
                        depth = max(0, open_sp[mid - 1] - low)
                marks.append((mid, state[0], state[1], depth))
                if self.peripherals:   # the models' busy cycles so far, per region (regions)
                    self.mark_busy.append(sum(p.busy_cycles for p in self.peripherals.values()))
            state[0] += b.n
            state[1] += b.cyc
            state[2], state[3], state[4] = b.tail, b.fall, b.pen
            if state[0] > max_insns:
                uc_.emu_stop()

        uc.hook_add(UC_HOOK_BLOCK, on_block)
        uc.hook_add(UC_HOOK_INTR, self._on_intr)
        uc.hook_add(UC_HOOK_MEM_INVALID, self._on_bad_mem)
        self._state = state
        if is_rv:
            pc = self.info.entry
        else:
            vt = bytes(uc.mem_read(0, 8))
            sp = int.from_bytes(vt[:4], 'little')
            pc = int.from_bytes(vt[4:], 'little') | 1
            uc.reg_write(UA.UC_ARM_REG_SP, sp)
            uc.reg_write(UA.UC_ARM_REG_MSP, sp)
        t0 = time.perf_counter()
        while self.exit_code is None:
            try:
                uc.emu_start(pc, 0xFFFFFFFC if is_rv else 0xFFFFFFFE)
            except CM.NotArmv6m as e:
                self.error = f'{e}: a Thumb-2 instruction in a {self.target} image'
                self.exit_code = EXIT_NOT_V6M
                break
            except CM.NoTiming as e:
                self.error = str(e)
                self.exit_code = EXIT_EMU
                break
            except UcError as e:
                pcr = uc.reg_read(UR.UC_RISCV_REG_PC if is_rv else UA.UC_ARM_REG_PC)
                if is_rv and bytes(uc.mem_read(pcr, 4)) == b'\x73\x00\x10\x00':
                    # Unicorn stops on EBREAK instead of raising the interrupt hook
                    self._on_intr(uc, 3, None)
                    pc = uc.reg_read(UR.UC_RISCV_REG_PC)
                    continue
                self.error = self.error or f'emulation error {e} at pc=0x{pcr:08x}'
                self.exit_code = EXIT_EMU
                break
            if self.exit_code is None:
                if state[0] > max_insns:
                    self.error = 'instruction limit reached'
                    self.exit_code = EXIT_LIMIT
                    break
                pc = uc.reg_read(UR.UC_RISCV_REG_PC if is_rv else UA.UC_ARM_REG_PC)
                if not is_rv:
                    pc |= 1
        self.wall = time.perf_counter() - t0
        return self.exit_code

    # ---- results
    @property
    def instructions(self) -> int:
        return self._state[0]

    @property
    def cycles(self) -> int:
        return self._state[1]

    def output(self) -> str:
        return b''.join(self.out).decode(errors='replace')

    def stack_high_water(self) -> int | None:
        """Deepest stack use of the whole run, from the top of RAM (_estack)."""
        if not (self.stack_lo and self.stack_hi):
            return None
        return self.stack_hi - min(self._low, self._lowest_touched())

    def entries(self) -> dict[int, list[tuple[int, int]]]:
        """{start id: [(cycles_net, stack), ...]}: every entry of every region on its own (the
        slices of a job), net of the marker overhead."""
        res: dict[int, list[tuple[int, int]]] = {}
        open_: dict[int, int] = {}
        for mid, _ni, nc, _depth in self.marks:
            if mid & 1:
                open_[mid] = nc
            elif mid - 1 in open_:
                res.setdefault(mid - 1, []).append([nc - open_.pop(mid - 1), _depth])
        ovh = res.get(1)
        oc = sum(c for c, _ in ovh) // len(ovh) if ovh else 0
        return {k: [(c - (oc if k != 1 else 0), d) for c, d in v] for k, v in res.items()}

    def regions(self) -> dict[int, dict]:
        """{start id: {count, insns, cycles, stack, insns_net, cycles_net}, and with
        peripherals "busy": the cycles the models ran inside the region}; net = minus the
        marker overhead (region 1 -> 2) once per entry."""
        res: dict[int, dict] = {}
        open_: dict[int, tuple[int, int, int]] = {}
        busy = self.mark_busy or [0] * len(self.marks)
        for (mid, ni, nc, depth), nb in zip(self.marks, busy):
            if mid & 1:
                open_[mid] = (ni, nc, nb)
            elif mid - 1 in open_:
                si, sc, sb = open_.pop(mid - 1)
                r = res.setdefault(mid - 1, {'count': 0, 'insns': 0, 'cycles': 0, 'stack': 0,
                                             'busy': 0})
                r['count'] += 1
                r['insns'] += ni - si
                r['cycles'] += nc - sc
                r['busy'] += nb - sb
                r['stack'] = max(r['stack'], depth)
        ovh = res.get(1)
        for k, r in res.items():
            oi = ovh['insns'] // ovh['count'] if ovh and k != 1 else 0
            oc = ovh['cycles'] // ovh['count'] if ovh and k != 1 else 0
            r['insns_net'] = r['insns'] - r['count'] * oi
            r['cycles_net'] = r['cycles'] - r['count'] * oc
        return res


def run_image(elf_path, target: str, model_kw: dict | None = None, max_insns: int = 2_000_000_000,
              peripherals=()) -> dict:
    """Run one image; a dict with exit code, totals, regions, output and the static sizes;
    peripherals: the models to map (Sim), whose counters come back under "peripherals"."""
    sim = Sim(elf_path, target, model_kw, peripherals)
    code = sim.run(max_insns)
    info = sim.info
    return {
        'elf': str(elf_path), 'target': target, 'model': sim.model.name, 'exit_code': code,
        'error': sim.error, 'instructions': sim.instructions, 'cycles': sim.cycles,
        'stack_high_water': sim.stack_high_water(), 'flash_bytes': info.flash_bytes,
        'ram_bytes': info.ram_bytes, 'regions': sim.regions(), 'entries': sim.entries(),
        'output': sim.output(),
        'wall_s': sim.wall,
        'peripherals': {k: p.stats() for k, p in sim.peripherals.items()},
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('elf')
    ap.add_argument('--target', required=True, choices=sorted(CM.CORES))
    ap.add_argument('--json', help='write the result to this file')
    ap.add_argument('--m0-mul', type=int, default=1, help='MULS cycles on M0/M0+ (1 or 32)')
    a = ap.parse_args(argv)
    kw = {'mul_cycles': a.m0_mul} if a.target in ('cortex-m0', 'cortex-m0plus') else {}
    res = run_image(a.elf, a.target, kw)
    sys.stdout.write(res['output'])
    print(f"--- {a.target} ({res['model']}): exit {res['exit_code']} {res['error']}")
    print(f"total {res['instructions']} insns, {res['cycles']} cycles (modelled), stack "
          f"{res['stack_high_water']} B, flash {res['flash_bytes']} B, RAM {res['ram_bytes']} B")
    for k in sorted(res['regions']):
        r = res['regions'][k]
        print(f"region {k:3d}->{k + 1:<3d} x{r['count']}: {r['insns_net']:10d} insns {r['cycles_net']:10d} cycles"
              f" stack {r['stack']} B")
    if a.json:
        with open(a.json, 'w') as f:
            json.dump(res, f, indent=1, default=str)
    return res['exit_code']


if __name__ == '__main__':
    sys.exit(main())
