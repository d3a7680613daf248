# Runs `crazykrieg validate` and checks its exit code and (optionally) a regex on its stdout.
# -DEXE=... -DARGS="a;b" -DEXPECT_RC=N [-DEXPECT_OUT=regex]
# [-DSTDIN=file] feeds a file on standard input.
if(DEFINED STDIN)
    execute_process(COMMAND ${EXE} validate ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                    ERROR_VARIABLE err INPUT_FILE ${STDIN})
else()
    execute_process(COMMAND ${EXE} validate ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                    ERROR_VARIABLE err)
endif()
if(NOT rc EQUAL EXPECT_RC)
    message(FATAL_ERROR "exit code ${rc}, expected ${EXPECT_RC}\n${out}\n${err}")
endif()
if(NOT "${EXPECT_OUT}" STREQUAL "" AND NOT out MATCHES "${EXPECT_OUT}")
    message(FATAL_ERROR "output does not match '${EXPECT_OUT}':\n${out}")
endif()
