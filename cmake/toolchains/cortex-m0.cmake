# Cortex-M0 (ARMv6-M), e.g. the nRF51822.
set(FC_ARM_CPU_FLAGS "-mcpu=cortex-m0")
include(${CMAKE_CURRENT_LIST_DIR}/arm-none-eabi.cmake)
