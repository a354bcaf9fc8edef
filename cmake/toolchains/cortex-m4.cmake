# Cortex-M4 (ARMv7E-M with DSP; soft-float ABI so the library links into any M4 firmware).
set(FC_ARM_CPU_FLAGS "-mcpu=cortex-m4 -mfloat-abi=soft")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
