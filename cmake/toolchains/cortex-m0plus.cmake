# Cortex-M0+ (ARMv6-M, Thumb-1 plus a few 32-bit instructions; single-cycle 32x32->32 multiply).
set(FC_ARM_CPU_FLAGS "-mcpu=cortex-m0plus")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
