/* RV32 startup of the benchmark images: gp, sp, copy .data, zero .bss, main, exit. */
    .section .text.init, "ax"
    .global _start
_start:
    .option push
    .option norelax
    la   gp, __global_pointer$
    .option pop
    la   sp, _estack
    la   a0, _sidata
    la   a1, _sdata
    la   a2, _edata
1:  bgeu a1, a2, 2f
    lw   t0, 0(a0)
    sw   t0, 0(a1)
    addi a0, a0, 4
    addi a1, a1, 4
    j    1b
2:  la   a1, _sbss
    la   a2, _ebss
3:  bgeu a1, a2, 4f
    sw   zero, 0(a1)
    addi a1, a1, 4
    j    3b
4:  call main
    call board_exit
5:  j    5b
