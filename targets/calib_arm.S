/* Hand-countable calibration of the cycle model (tests/python/test_mcusim.py).
 * Thumb-1 only, so the same file runs on ARMv6-M and ARMv7E-M. calib_run() brackets:
 *   region 1 -> 2  empty (marker overhead)
 *   region 3 -> 4  calib_loop(1000): 1000 x (SUBS + BNE), then BX LR
 *   region 5 -> 6  calib_mem(buf): 16 STR in a loop, 4 LDM of 4 words, PUSH / POP {..,PC}
 * and returns 0 when calib_mem's sum (0 + 1 + ... + 15 = 120) is right, else 1. The expected
 * cycles, counted by hand from the ARM TRM tables, are written out in the test. */
    .syntax unified
    .thumb
    .text

    .global calib_loop
    .type calib_loop, %function
    .balign 4
calib_loop:
1:  subs r0, r0, #1
    bne  1b
    bx   lr
    .size calib_loop, . - calib_loop

    .global calib_mem
    .type calib_mem, %function
    .balign 4
calib_mem:
    push {r4-r7, lr}
    movs r1, #0
    movs r2, #16
2:  str  r1, [r0]
    adds r0, r0, #4
    adds r1, r1, #1
    subs r2, r2, #1
    bne  2b
    subs r0, #64
    movs r5, #0
    .rept 4
    ldm  r0!, {r1-r4}
    adds r5, r5, r1
    adds r5, r5, r2
    adds r5, r5, r3
    adds r5, r5, r4
    .endr
    mov  r0, r5
    pop  {r4-r7, pc}
    .size calib_mem, . - calib_mem

    .global calib_run
    .type calib_run, %function
    .balign 4
calib_run:
    push {r4, lr}
    movs r0, #1
    bl   bench_mark
    movs r0, #2
    bl   bench_mark
    movs r0, #3
    bl   bench_mark
    ldr  r0, =1000
    bl   calib_loop
    movs r0, #4
    bl   bench_mark
    movs r0, #5
    bl   bench_mark
    ldr  r0, =calib_buf
    bl   calib_mem
    mov  r4, r0
    movs r0, #6
    bl   bench_mark
    movs r0, #0
    cmp  r4, #120
    beq  3f
    movs r0, #1
3:  pop  {r4, pc}
    .size calib_run, . - calib_run
    .ltorg

    .bss
    .balign 4
calib_buf:
    .space 64
