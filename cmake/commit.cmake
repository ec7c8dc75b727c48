# Writes OUTPUT (a header defining HDASOKO_COMMIT) from `git describe` of
# SOURCE_DIR at build time, and only when the text changes, so that the run
# header names the commit the binary was built from, not the one CMake was
# configured at (cli/run_header.cpp).
set(commit "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --tags
                  WORKING_DIRECTORY ${SOURCE_DIR}
                  OUTPUT_VARIABLE described OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE status)
  if(status EQUAL 0 AND described)
    set(commit "${described}")
  endif()
endif()
set(text "#define HDASOKO_COMMIT \"${commit}\"\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
