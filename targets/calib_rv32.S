/* Hand-countable calibration of the (rough) RV32 cycle model; the same regions as
 * calib_arm.S: 1 -> 2 empty, 3 -> 4 calib_loop(1000), 5 -> 6 calib_mem(buf). */
    .text
    .option norelax
    .global calib_loop
calib_loop:                 /* n iterations of addi + bnez */
1:  addi a0, a0, -1
    bnez a0, 1b
    ret
    .global calib_mem
calib_mem:                  /* store 0..15, sum them back */
    li   t0, 0
    li   t1, 16
    mv   t2, a0
2:  sw   t0, 0(t2)
    addi t2, t2, 4
    addi t0, t0, 1
    addi t1, t1, -1
    bnez t1, 2b
    li   a1, 0
    li   t1, 16
3:  lw   t0, 0(a0)
    add  a1, a1, t0
    addi a0, a0, 4
    addi t1, t1, -1
    bnez t1, 3b
    mv   a0, a1
    ret
    .global calib_run
calib_run:
    addi sp, sp, -16
    sw   ra, 12(sp)
    sw   s0, 8(sp)
    li   a0, 1
    jal  ra, bench_mark
    li   a0, 2
    jal  ra, bench_mark
    li   a0, 3
    jal  ra, bench_mark
    li   a0, 1000
    jal  ra, calib_loop
    li   a0, 4
    jal  ra, bench_mark
    li   a0, 5
    jal  ra, bench_mark
    lui  a0, %hi(calib_buf)
    addi a0, a0, %lo(calib_buf)
    jal  ra, calib_mem
    mv   s0, a0
    li   a0, 6
    jal  ra, bench_mark
    addi a0, s0, -120
    snez a0, a0
    lw   s0, 8(sp)
    lw   ra, 12(sp)
    addi sp, sp, 16
    ret

    .bss
    .balign 4
calib_buf:
    .space 64
