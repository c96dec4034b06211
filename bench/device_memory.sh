#!/usr/bin/env bash
# Device endpoints under oversized bodies (issue 12 finding 3): ten 60 MB heartbeats at once from an unknown serial
# with a stale timestamp and no signature (Content-Length declared), then ten at once from the demo
# terminal with a fresh timestamp, sent chunked (no declared length). The server's VmRSS is read from /proc
# before, after each round, and its peak (VmHWM). Usage: bash bench/device_memory.sh
# (WAGEGUARD_BIN: another build; default target/release/wageguard, else target/debug/wageguard)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="${PORT:-18481}"
DIR="$(mktemp -d)"
BIN="${WAGEGUARD_BIN:-$ROOT/target/release/wageguard}"
[ -x "$BIN" ] || BIN="$ROOT/target/debug/wageguard"
export DATABASE_URL="sqlite://$DIR/bench.db" WAGEGUARD_CAPTCHA=off WAGEGUARD_ADDR="127.0.0.1:$PORT" RUST_LOG=warn WAGEGUARD_DATA_DIR="$DIR/data"
"$BIN" demo >/dev/null
"$BIN" serve & PID=$!
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$DIR"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/builder/common/v1/public/Message" >/dev/null && break; sleep 0.1; done
rss() { awk -v key="$1:" '$1 == key {printf "%.1f MB", $2/1024}' "/proc/$PID/status"; }
send() {
  python3 - "$PORT" "$1" <<'PY'
import socket, sys, threading, time
port, mode = int(sys.argv[1]), sys.argv[2]
MB = 1024 * 1024
answers = {}
lock = threading.Lock()
def one():
    if mode == "unknown":
        head = ("POST /device/v1/heartbeat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                "X-Device-Serial: NO-SUCH-DEVICE\r\nX-Device-Timestamp: 0\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % (60 * MB))
        chunk = b" " * MB
    else:
        head = ("POST /device/v1/heartbeat HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                "X-Device-Serial: WG-DEMO-T01\r\nX-Device-Timestamp: %d\r\nX-Device-Signature: 00\r\n"
                "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" % int(time.time()))
        chunk = b"%x\r\n" % MB + b" " * MB + b"\r\n"
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(head.encode())
    sent = 0
    try:
        for _ in range(60):
            sock.sendall(chunk)
            sent += 1
        if mode != "unknown":
            sock.sendall(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    reply = b""
    try:
        while True:
            data = sock.recv(65536)
            if not data:
                break
            reply += data
    except ConnectionResetError:
        pass
    sock.close()
    body = reply.split(b"\r\n\r\n", 1)[-1].decode("utf-8", "replace")
    key = body[body.find('"message"'):][:60] or "(no answer)"
    with lock:
        answers.setdefault(key, []).append(sent)
threads = [threading.Thread(target=one) for _ in range(10)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
for key, sent in answers.items():
    print("  %d× %s (MB accepted by the socket: %s)" % (len(sent), key, ",".join(map(str, sent))))
PY
}
echo "server: $BIN (pid $PID)"
echo "VmRSS before: $(rss VmRSS)"
send unknown
echo "VmRSS after ten 60 MB heartbeats from an unknown serial: $(rss VmRSS) (peak $(rss VmHWM))"
send demo
echo "VmRSS after ten 60 MB heartbeats from the demo terminal, chunked: $(rss VmRSS) (peak $(rss VmHWM))"
