# tests/: Check suites of the runtime and the driver.
