"""Static per-instruction cycle costs: Cortex-M0, Cortex-M0+, Cortex-M4 and a generic RV32.

Sources (zero-wait-state memory everywhere):
  M0+ : ARM Cortex-M0+ Technical Reference Manual, ARM DDI 0484C, Table 3.1.
  M0  : ARM Cortex-M0 Technical Reference Manual, ARM DDI 0432C, Table 3.1.
  M4  : ARM Cortex-M4 Technical Reference Manual, ARM DDI 0439B, Table 3.1 and section 3.3.2
        (load/store pipelining, address-dependency stall). P, the pipeline refill, is "1 to 3
        depending on alignment and width of the target instruction": modelled as 1, plus 1 when
        the branch target is a 32-bit instruction at an address = 2 mod 4.
  RV32: no reference core: a generic single-issue in-order model (ALU 1, load 2, store 1, taken
        branch +2, jump 3, mul 1, div 34). ROUGH: the RV32 instruction count is exact, its
        cycles are only a guide.

cost(insn, prev) gets one capstone instruction (detail mode) and the previous instruction of
the same basic block (or None) and returns (cycles, tail_kind, taken_extra):
  tail_kind NOT_BRANCH; COND (cycles = not-taken cost, taken_extra added when taken);
  UNCOND (cycles include the refill).
A 32-bit Thumb-2 instruction in an ARMv6-M image (other than BL, MRS, MSR, DMB, DSB, ISB) raises
NotArmv6m: Unicorn's Cortex-M0 would execute it, the silicon would fault.
"""
from __future__ import annotations

from capstone import arm_const as A

NOT_BRANCH, COND, UNCOND = 0, 1, 2
PC = A.ARM_REG_PC


class NotArmv6m(Exception):
    """A Thumb-2 (ARMv7-M) instruction in an image run as Cortex-M0/M0+."""


class NoTiming(Exception):
    """An instruction the model has no timing for."""


_CC = ('eq', 'ne', 'hs', 'lo', 'mi', 'pl', 'vs', 'vc', 'hi', 'ls', 'ge', 'lt', 'gt', 'le', 'cs', 'cc')


def _cond(insn) -> bool:
    return insn.cc not in (A.ARM_CC_AL, A.ARM_CC_INVALID)


def _base(insn) -> str:
    """Mnemonic without .w/.n and without the condition suffix capstone appends inside IT
    blocks and to B<cc>."""
    m = insn.mnemonic.split('.')[0]
    if _cond(insn) and m[-2:] in _CC and m not in ('b', 'bl', 'bx', 'blx'):
        m = m[:-2]
    return m


def _nregs(insn) -> int:
    return sum(1 for op in insn.operands if op.type == A.ARM_OP_REG)


def _writes_pc(insn) -> bool:
    ops = insn.operands
    return bool(ops) and ops[0].type == A.ARM_OP_REG and ops[0].reg == PC


def _has_pc(insn) -> bool:
    return any(op.type == A.ARM_OP_REG and op.reg == PC for op in insn.operands)


LOADS = {'ldr', 'ldrb', 'ldrh', 'ldrsb', 'ldrsh', 'ldrt', 'ldrbt', 'ldrht', 'ldrsbt', 'ldrsht',
         'ldrex', 'ldrexb', 'ldrexh'}
STORES = {'str', 'strb', 'strh', 'strt', 'strbt', 'strht', 'strex', 'strexb', 'strexh'}
LDM = {'ldm', 'ldmia', 'ldmfd', 'ldmdb', 'ldmea'}
STM = {'stm', 'stmia', 'stmea', 'stmdb', 'stmfd'}

V6M_ALU = set('''adds add adcs adc subs sub sbcs sbc rsbs rsb movs mov mvns mvn ands and orrs orr
    eors eor bics bic lsls lsl lsrs lsr asrs asr rors ror cmp cmn tst negs neg adr sxtb sxth uxtb
    uxth rev rev16 revsh nop yield sev cpsid cpsie udf'''.split())
V6M_WIDE = ('bl', 'mrs', 'msr', 'dmb', 'dsb', 'isb')


class ARMv6MModel:
    """Cortex-M0+ (plus=True) or Cortex-M0 (plus=False); mul_cycles 1 (fast multiplier, the
    usual configuration) or 32 (the small iterative multiplier option)."""

    def __init__(self, plus: bool = True, mul_cycles: int = 1):
        self.plus = plus
        self.mul = mul_cycles
        self.name = 'cortex-m0plus' if plus else 'cortex-m0'
        self.b_taken = 2 if plus else 3      # B, taken B<cc>, BX, BLX, MOV/ADD PC
        self.bl = 3 if plus else 4
        self.pop_pc = 3 if plus else 4       # POP {.., PC}: this + N
        self.sys = 3 if plus else 4          # MRS, MSR, ISB, DSB, DMB

    def cost(self, insn, prev):
        m = _base(insn)
        if insn.size == 4 and m not in V6M_WIDE:
            raise NotArmv6m('not an ARMv6-M instruction: %s %s at 0x%x'
                            % (insn.mnemonic, insn.op_str, insn.address))
        if m in V6M_ALU:
            if m in ('mov', 'add') and _writes_pc(insn):
                return self.b_taken, UNCOND, 0
            return 1, NOT_BRANCH, 0
        if m in ('muls', 'mul'):
            return self.mul, NOT_BRANCH, 0
        if m in LOADS or m in STORES:
            return 2, NOT_BRANCH, 0
        if m in LDM or m in STM:
            return _nregs(insn), NOT_BRANCH, 0       # 1 + N: the first operand is the base
        if m == 'push':
            return 1 + _nregs(insn), NOT_BRANCH, 0
        if m == 'pop':
            n = _nregs(insn)
            if _has_pc(insn):
                return self.pop_pc + n, UNCOND, 0
            return 1 + n, NOT_BRANCH, 0
        if m == 'bl':
            return self.bl, UNCOND, 0
        if m in ('bx', 'blx'):
            return self.b_taken, UNCOND, 0
        if m == 'b':
            if _cond(insn):
                return 1, COND, self.b_taken - 1
            return self.b_taken, UNCOND, 0
        if m in ('mrs', 'msr', 'isb', 'dsb', 'dmb'):
            return self.sys, NOT_BRANCH, 0
        if m in ('wfi', 'wfe'):
            return 2, NOT_BRANCH, 0
        if m in ('bkpt', 'svc'):
            return 1, NOT_BRANCH, 0
        raise NoTiming('no ARMv6-M timing for %s %s at 0x%x' % (insn.mnemonic, insn.op_str, insn.address))


M4_ONE = set('''adc adcs add adds addw adr and ands asr asrs bfc bfi bic bics clz cmn cmp
    eor eors lsl lsls lsr lsrs mov movs movt movw mvn mvns orn orns orr orrs rbit rev
    rev16 revsh ror rors rrx rrxs rsb rsbs sbc sbcs sbfx sub subs subw teq tst ubfx
    sxtb sxth uxtb uxth sxtab sxtah uxtab uxtah sxtb16 uxtb16 sxtab16 uxtab16
    ssat usat ssat16 usat16 qadd qsub qdadd qdsub sel nop yield sev cpsid cpsie neg negs
    sadd16 sadd8 ssub16 ssub8 sasx ssax uadd16 uadd8 usub16 usub8 uasx usax
    qadd16 qadd8 qsub16 qsub8 qasx qsax uqadd16 uqadd8 uqsub16 uqsub8 uqasx uqsax
    shadd16 shadd8 shsub16 shsub8 shasx shsax uhadd16 uhadd8 uhsub16 uhsub8 uhasx uhsax
    pkhbt pkhtb usad8 usada8 clrex udf
    mul muls mla mls smull umull smlal umlal umaal smulbb smulbt smultb smultt smulwb smulwt
    smlabb smlabt smlatb smlatt smlawb smlawt smlalbb smlalbt smlaltb smlaltt smlad smladx
    smlsd smlsdx smlald smlaldx smlsld smlsldx smuad smuadx smusd smusdx smmul smmulr
    smmla smmlar smmls smmlsr'''.split())


class CortexM4Model:
    """Cortex-M4 integer core (+ DSP)."""
    name = 'cortex-m4'

    def __init__(self, refill: int = 1, div_cycles: int = 12, agu_stall: bool = True,
                 ldst_pipeline: bool = True, str_cycles: int = 1):
        self.P = refill
        self.div = div_cycles            # SDIV/UDIV 2..12, data dependent: worst case
        self.agu_stall = agu_stall       # address from the immediately preceding ALU result: +1
        self.pipe = ldst_pipeline        # an independent LDR after an LDR pipelines: 1 cycle
        self.str_cycles = str_cycles     # single STR: 1 through the write buffer

    @staticmethod
    def _written(insn):
        try:
            return set(insn.regs_access()[1])
        except Exception:
            return set()

    @staticmethod
    def _addr_regs(insn):
        regs = set()
        for op in insn.operands:
            if op.type == A.ARM_OP_MEM:
                if op.mem.base:
                    regs.add(op.mem.base)
                if op.mem.index:
                    regs.add(op.mem.index)
        return regs

    def cost(self, insn, prev):
        m = _base(insn)
        P = self.P
        if m.startswith('it') and len(m) <= 5 and set(m[2:]) <= {'t', 'e'}:
            return 1, NOT_BRANCH, 0
        if m in M4_ONE:
            if _writes_pc(insn):
                if _cond(insn):
                    return 1, COND, P
                return 1 + P, UNCOND, 0
            return 1, NOT_BRANCH, 0
        if m in ('sdiv', 'udiv'):
            return self.div, NOT_BRANCH, 0
        if m in STORES:
            return self.str_cycles, NOT_BRANCH, 0
        if m in LOADS:
            if _writes_pc(insn):
                return 2 + P, UNCOND, 0
            c = 2
            if prev is not None:
                pm = _base(prev)
                addr = self._addr_regs(insn)
                if self.pipe and pm in LOADS and not (addr & self._written(prev)):
                    c = 1
                elif self.agu_stall and pm in M4_ONE and (addr & self._written(prev)):
                    c = 3
            return c, NOT_BRANCH, 0
        if m in ('ldrd', 'strd'):
            return 3, NOT_BRANCH, 0
        if m in LDM or m in STM:
            n = _nregs(insn) - 1
            if m in LDM and _has_pc(insn):
                return 1 + n + P, UNCOND, 0
            return 1 + n, NOT_BRANCH, 0
        if m == 'push':
            return 1 + _nregs(insn), NOT_BRANCH, 0
        if m == 'pop':
            n = _nregs(insn)
            if _has_pc(insn):
                if _cond(insn):
                    return 1, COND, n + P
                return 1 + n + P, UNCOND, 0
            return 1 + n, NOT_BRANCH, 0
        if m in ('bl', 'blx'):
            return 1 + P, UNCOND, 0
        if m in ('bx', 'b'):
            if _cond(insn):
                return 1, COND, P
            return 1 + P, UNCOND, 0
        if m in ('cbz', 'cbnz'):
            return 1, COND, P
        if m in ('tbb', 'tbh'):
            return 2 + P, UNCOND, 0
        if m in ('mrs', 'msr'):
            return 1, NOT_BRANCH, 0
        if m in ('isb', 'dsb', 'dmb'):
            return 4, NOT_BRANCH, 0      # 1 + B, B assumed 3 (never on a hot path)
        if m in ('wfi', 'wfe', 'bkpt', 'svc', 'pld', 'pli'):
            return 1, NOT_BRANCH, 0       # PLD/PLI: a hint, one issue cycle
        raise NoTiming('no Cortex-M4 timing for %s %s at 0x%x' % (insn.mnemonic, insn.op_str, insn.address))


class RV32SimpleModel:
    """Generic single-issue in-order RV32IMC (rough: not any vendor's core)."""
    name = 'rv32-generic (rough)'

    def __init__(self, load=2, store=1, branch_taken_extra=2, jump=3, mul=1, div=34):
        self.load, self.store, self.bt, self.jump, self.mul, self.div = \
            load, store, branch_taken_extra, jump, mul, div

    BRANCH = {'beq', 'bne', 'blt', 'bge', 'bltu', 'bgeu', 'beqz', 'bnez', 'blez', 'bgez', 'bltz',
              'bgtz', 'bgt', 'ble', 'bgtu', 'bleu'}

    def cost(self, insn, prev):
        m = insn.mnemonic
        if m.startswith('c.'):
            m = m[2:]
        if m in ('lw', 'lh', 'lhu', 'lb', 'lbu', 'lwsp'):
            return self.load, NOT_BRANCH, 0
        if m in ('sw', 'sh', 'sb', 'swsp'):
            return self.store, NOT_BRANCH, 0
        if m in self.BRANCH:
            return 1, COND, self.bt
        if m in ('jal', 'jalr', 'j', 'jr', 'ret', 'call', 'tail'):
            return self.jump, UNCOND, 0
        if m in ('mul', 'mulh', 'mulhu', 'mulhsu'):
            return self.mul, NOT_BRANCH, 0
        if m in ('div', 'divu', 'rem', 'remu'):
            return self.div, NOT_BRANCH, 0
        return 1, NOT_BRANCH, 0


CORES = {  # target name -> (model factory, arch)
    'cortex-m0': (lambda **kw: ARMv6MModel(plus=False, **kw), 'arm'),
    'cortex-m0plus': (lambda **kw: ARMv6MModel(plus=True, **kw), 'arm'),
    'cortex-m4': (lambda **kw: CortexM4Model(**kw), 'arm'),
    'rv32imac': (lambda **kw: RV32SimpleModel(**kw), 'riscv'),
}


def make_model(target: str, **kw):
    if target not in CORES:
        raise ValueError(f'no cycle model for {target!r}; one of {", ".join(CORES)}')
    return CORES[target][0](**kw)
