# tests/e2e/lib/checks.bash: what every end-to-end script shares. Source it
# after setting $hdasoko; it makes $tmp (removed on exit) and counts failures.
#   run NAME ARGS...            stdout, stderr, exit code in $tmp/NAME.out, .err, $code
#   expect_exit CODE NAME ARGS...
#   expect_in FILE TEXT NAME    FILE contains TEXT (fixed string)
#   json_get FILE EXPR          a Python expression over the parsed JSON `d`
#   wait_for_handler PID        until PID catches SIGINT (20 s at most)
#   wait_for_cpu PID SECONDS    until PID has used SECONDS of processor time (60 s at most)
#   finish SCRIPT               the verdict and exit status
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

run() {
    local name=$1
    shift
    "$hdasoko" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
    code=$?
}

expect_exit() {
    local want=$1 name=$2
    shift 2
    run "$name" "$@"
    if [ "$code" -ne "$want" ]; then
        fail "$name: exit code $code, expected $want (hdasoko $*)"
        sed 's/^/    stderr: /' "$tmp/$name.err" | head -5 >&2
    fi
}

# Waits until process PID catches SIGINT (its stop handlers are installed),
# 20 s at most: a signal sent before that would kill it by default.
wait_for_handler() {
    local mask
    for _ in $(seq 1 200); do
        mask=$(awk '/^SigCgt:/ {print $2}' "/proc/$1/status" 2>/dev/null)
        [ -n "$mask" ] && (( (16#$mask >> 1) & 1 )) && return 0
        sleep 0.1
    done
    return 1
}

# Work done, not time passed: a loaded machine or a sanitizer build gets as
# far in the same processor time as a quiet release build, only later.
wait_for_cpu() {
    local ticks need
    need=$(( $2 * $(getconf CLK_TCK) ))
    for _ in $(seq 1 600); do
        # utime and stime, fields 14 and 15 (the command name in field 2 has no spaces here)
        ticks=$(awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null) || return 1
        [ -n "$ticks" ] || return 1
        (( ticks >= need )) && return 0
        sleep 0.1
    done
    return 1
}

expect_in() {
    if ! grep -qF -- "$2" "$1"; then
        fail "$3: expected '$2' in $(basename "$1"), got:"
        head -5 "$1" | sed 's/^/    /' >&2
    fi
}

json_get() {
    python3 -c '
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except ValueError:
    print("<not JSON>")
    sys.exit()
try:
    print(eval(sys.argv[2]))
except (KeyError, IndexError, TypeError):
    print("<missing>")
' "$1" "$2"
}

finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$1: $failures check(s) failed" >&2
        exit 1
    fi
    echo "$1: all checks passed"
}
