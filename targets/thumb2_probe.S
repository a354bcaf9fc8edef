/* A 32-bit Thumb-2 instruction (UDIV, ARMv7-M only) linked into an image: the cycle model of
 * the Cortex-M0/M0+ must refuse it (test_mcusim.py), as the silicon would fault. */
    .syntax unified
    .cpu cortex-m3
    .thumb
    .text
    .global calib_run
    .type calib_run, %function
calib_run:
    movs r0, #7
    movs r1, #7
    udiv r0, r0, r1
    subs r0, r0, #1
    bx   lr
    .size calib_run, . - calib_run
