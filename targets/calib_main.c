/* Calibration image: calib_run() (calib_arm.S / calib_rv32.S) under the benchmark startup. */
int calib_run(void);
int main(void);

int main(void)
{
    return calib_run();
}
