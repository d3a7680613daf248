# Runs `crazykrieg verify` and checks its exit code and (optionally) a regex on its stdout and
# one on its stderr.
# -DEXE=... -DARGS="a;b" -DEXPECT_RC=N [-DEXPECT_OUT=regex] [-DEXPECT_ERR=regex]
execute_process(COMMAND ${EXE} verify ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL EXPECT_RC)
    message(FATAL_ERROR "exit code ${rc}, expected ${EXPECT_RC}\n${out}\n${err}")
endif()
if(NOT "${EXPECT_OUT}" STREQUAL "" AND NOT out MATCHES "${EXPECT_OUT}")
    message(FATAL_ERROR "output does not match '${EXPECT_OUT}':\n${out}")
endif()
if(DEFINED EXPECT_ERR AND NOT err MATCHES "${EXPECT_ERR}")
    message(FATAL_ERROR "error output does not match '${EXPECT_ERR}':\n${err}")
endif()
