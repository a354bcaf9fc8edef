/* Vector table and reset of the device image (Cortex-M0 and M4 alike). No interrupt handlers:
 * the firmware keeps PRIMASK set and uses interrupts only to end a WFI. A fault logs and
 * resets the device, so no state (a half-run session) outlives it; QEMU runs with -no-reboot,
 * which turns that reset into an exit the tests notice. */
#include <stdint.h>

#include "board.h"
#include "log.h"

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);
void Reset_Handler(void);
void Fault_Handler(void);

typedef void (*vector_fn)(void);

__attribute__((section(".isr_vector"), used)) const vector_fn fw_vectors[16] = {
    (vector_fn)(uintptr_t)&_estack, /* initial stack pointer */
    Reset_Handler,
    Fault_Handler, /* NMI */
    Fault_Handler, /* HardFault */
    Fault_Handler, Fault_Handler, Fault_Handler, /* MemManage, BusFault, UsageFault (v7-M) */
    0, 0, 0, 0,
    Fault_Handler, /* SVC: never issued */
    0, 0,
    Fault_Handler, /* PendSV: never pended */
    Fault_Handler, /* SysTick: never enabled */
};

void Fault_Handler(void)
{
    fw_log("FAULT: resetting");
    board_reset();
}

void Reset_Handler(void)
{
    uint32_t *src = &_sidata, *dst = &_sdata;
    while (dst < &_edata)
        *dst++ = *src++;
    for (dst = &_sbss; dst < &_ebss;)
        *dst++ = 0;
    main();
    board_reset(); /* main never returns */
}
