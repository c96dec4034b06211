#!/usr/bin/env bash
# Hostile files (issue 29): the files of server/tests/api/hostile.rs, built here in Python, posted to the demo
# clerk's 批量导入 (Worker/import) and 上传 (a 60,000 × 60,000 PNG as an avatar) one at a time — for each the
# answer, the time and the server's peak resident memory during it (VmHWM, reset before each file through
# /proc/<pid>/clear_refs) — then four of them at once, several times over, while a roster read (Worker/list) is
# timed. Usage: bash bench/hostile_files.sh  (WAGEGUARD_BIN: another build; default target/release/wageguard,
# else target/debug/wageguard; ROUNDS: rounds of four at once, default 5)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PORT="${PORT:-18491}"
ROUNDS="${ROUNDS:-5}"
DIR="$(mktemp -d)"
BIN="${WAGEGUARD_BIN:-$ROOT/target/release/wageguard}"
[ -x "$BIN" ] || BIN="$ROOT/target/debug/wageguard"
export DATABASE_URL="sqlite://$DIR/bench.db" WAGEGUARD_CAPTCHA=off WAGEGUARD_ADDR="127.0.0.1:$PORT" RUST_LOG=warn \
  WAGEGUARD_DATA_DIR="$DIR/data" WAGEGUARD_JOB_INTERVAL=86400
"$BIN" demo >/dev/null
"$BIN" serve & PID=$!
trap 'kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; rm -rf "$DIR"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/builder/common/v1/public/Message" >/dev/null && break; sleep 0.1; done
sleep 2 # the start-up job round
echo "server: $BIN (pid $PID), VmRSS $(awk '$1 == "VmRSS:" {printf "%.1f MB", $2/1024}' "/proc/$PID/status")"
python3 - "$PORT" "$PID" "$DIR" "$ROUNDS" <<'PY'
import base64, json, socket, struct, sys, threading, time, zlib

port, pid, folder, rounds = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
MIB = 1024 * 1024

def deflate(data, flush):
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush(flush)

def repeated(prefix, block, times, suffix):
    """prefix, block times over, suffix: one deflate stream whose block is compressed once and repeated."""
    packed = deflate(block, zlib.Z_FULL_FLUSH)
    stream = deflate(prefix, zlib.Z_FULL_FLUSH) + packed * times + deflate(suffix, zlib.Z_FINISH)
    return stream, len(prefix) + len(block) * times + len(suffix)

def entry(name, content):
    return (name, deflate(content, zlib.Z_FINISH), zlib.crc32(content), len(content))

def zip_of(entries):
    out, directory = b"", b""
    for name, data, crc, declared in entries:
        name = name.encode()
        fields = struct.pack("<5H3I2H", 20, 0x800, 8, 0, 0x21, crc, len(data), declared, len(name), 0)
        directory += b"PK\x01\x02\x14\x00" + fields + b"\0" * 10 + struct.pack("<I", len(out)) + name
        out += b"PK\x03\x04" + fields + name + data
    return out + directory + b"PK\x05\x06\0\0\0\0" + struct.pack("<2H2IH", len(entries), len(entries), len(directory), len(out), 0)

RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
START = b'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
HEADER = '<row r="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is></c></row>'.encode()
END = b"</sheetData></worksheet>"

def workbook(sheet, shared=None):
    parts = [
        entry("_rels/.rels", f'<Relationships><Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>'.encode()),
        entry("xl/workbook.xml", f'<workbook xmlns:r="{RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'.encode()),
        entry("xl/_rels/workbook.xml.rels", f'<Relationships><Relationship Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'.encode()),
        sheet,
    ]
    return zip_of(parts + ([shared] if shared else []))

def sheet_of(rows):
    return entry("xl/worksheets/sheet1.xml", START + HEADER + rows.encode() + END)

def streamed(name, stream_and_size, declared=None):
    stream, size = stream_and_size
    return (name, stream, 0, size if declared is None else declared)

whitespace = ("<x/>" + " " * 1020).encode() * (MIB // 1024)
first_string = sheet_of('<row r="2"><c r="A2" t="s"><v>0</v></c></row>')
SHEET = "xl/worksheets/sheet1.xml"
files = [
    ("A1 + XFD1048576", workbook(sheet_of('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'))),
    ("A1 + ZZ100000", workbook(sheet_of('<row r="100000"><c r="ZZ100000"><v>1</v></c></row>'))),
    ("2 GB of whitespace, declared", workbook(streamed(SHEET, repeated(START + HEADER, whitespace, 2048, END)))),
    ("2 GB of whitespace, declared 1 MB", workbook(streamed(SHEET, repeated(START + HEADER, whitespace, 2048, END), MIB))),
    ("2 GB of whitespace in one run, declared 40 MB", workbook(streamed(SHEET, repeated(START + HEADER, b" " * MIB, 2048, END), 40 * MIB))),
    ("one 200 MB shared string, declared 40 MB", workbook(first_string, streamed("xl/sharedStrings.xml", repeated(b"<sst><si><t>", b"a" * MIB, 200, b"</t></si></sst>"), 40 * MIB))),
    ("300,000 shared strings", workbook(first_string, streamed("xl/sharedStrings.xml", repeated(b"<sst>", b"<si><t>x</t></si>" * 1000, 300, b"</sst>")))),
    ("a million rows", workbook(streamed(SHEET, repeated(START + HEADER, b"<row><c><v>1</v></c></row>" * 1000, 1000, END)))),
]

def png(width, height):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">2I5B", width, height, 8, 0, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(b"\0" * (width + 1), 9)) + chunk(b"IEND", b"")

def request(method, path, body=b"", content_type=None, token=None):
    head = f"{method} {path} HTTP/1.0\r\nHost: x\r\nContent-Length: {len(body)}\r\n"
    if content_type:
        head += f"Content-Type: {content_type}\r\n"
    if token:
        head += f"X-Token: {token}\r\n"
    started = time.monotonic()
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(head.encode() + b"\r\n" + body)
    reply = b""
    while True:
        data = sock.recv(65536)
        if not data:
            break
        reply += data
    sock.close()
    took = (time.monotonic() - started) * 1000
    return json.loads(reply.split(b"\r\n\r\n", 1)[1]), took

def multipart(field, name, data):
    boundary = "hostile-bench"
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{name}"\r\n'
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"

def status(key):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(key):
            return int(line.split()[1]) / 1024

def reset_peak():
    with open(f"/proc/{pid}/clear_refs", "w") as clear:
        clear.write("5")

login, _ = request("POST", "/builder/common/v1/Public/login",
                   f"username=demo&password={base64.b64encode(b'Demo@12345').decode()}".encode(),
                   "application/x-www-form-urlencoded")
token = login["data"]["phpsessid"]
roster = "/builder/user/v1/Worker/list?page=1&limit=20"
_, usual = request("GET", roster, token=token)

def post_workbook(data):
    body, content_type = multipart("file", "hostile.xlsx", data)
    return request("POST", "/builder/user/v1/Worker/import", body, content_type, token)

print(f"roster read alone: {usual:.0f} ms; VmRSS {status('VmRSS:'):.1f} MB")
print("| file | size | answer | time | peak memory |")
print("|---|---|---|---|---|")
for what, data in files:
    reset_peak()
    reply, took = post_workbook(data)
    print(f"| {what} | {len(data) / 1024:,.1f} KB | {reply['message']} | {took:,.0f} ms | {status('VmHWM:'):.1f} MB |")
reset_peak()
body, content_type = multipart("imgFile[]", "photo.png", png(60000, 60000))
reply, took = request("POST", "/builder/common/v1/site/upload_file_batch?kind=avatar", body, content_type, token)
print(f"| PNG claiming 60,000 × 60,000 | {len(png(60000, 60000))} B | {reply['message']} | {took:,.0f} ms | {status('VmHWM:'):.1f} MB |")

heavy = [data for what, data in files if what in ("A1 + XFD1048576", "2 GB of whitespace, declared 1 MB",
                                                     "one 200 MB shared string, declared 40 MB", "a million rows")]
reset_peak()
slowest_answer, slowest_roster, answers = 0.0, 0.0, set()
for _ in range(rounds):
    results = []
    threads = [threading.Thread(target=lambda data=data: results.append(post_workbook(data))) for data in heavy]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        slowest_roster = max(slowest_roster, request("GET", roster, token=token)[1])
    for thread in threads:
        thread.join()
    slowest_answer = max([slowest_answer] + [took for _, took in results])
    answers |= {reply["message"] for reply, _ in results}
print(f"four at once ({rounds} rounds: XFD1048576, the lying bomb, the giant shared string, a million rows): "
      f"slowest answer {slowest_answer:,.0f} ms, peak {status('VmHWM:'):.1f} MB, roster read at most "
      f"{slowest_roster:,.0f} ms meanwhile ({usual:.0f} ms alone); {len(answers)} distinct answers")
PY
