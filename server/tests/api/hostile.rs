//! Hostile files (issue 29), built here to cost a server what they declare: a sheet reaching cell XFD1048576,
//! deflate bombs (honest about their size, lying about it, whitespace in one run), one giant shared string, a
//! shared-string table past its limit, a million rows, a backup with `../` entries or an oversized upload, a PNG
//! claiming 60,000 × 60,000 pixels. Each is answered with its Chinese refusal within the time budget (DESIGN
//! §6: 15 s) and changes nothing; then the real binary gets them all at once while a roster read is timed, and
//! its peak resident memory (VmHWM, /proc) must stay under 200 MB.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, header};
use flate2::{Compress, Compression, Crc, FlushCompress};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::both;
use crate::crash::{Server, report};
use crate::support::{MIB, TestApp, assert_refused};

const WORKER_IMPORT: &str = "/builder/user/v1/Worker/import";
const RECORD_IMPORT: &str = "/builder/attendance/v1/Record/import";
const ROSTER: &str = "/builder/user/v1/Worker/list?page=1&limit=20";
const AVATAR: &str = "/builder/common/v1/site/upload_file_batch?kind=avatar";
/// DESIGN §6: any uploaded or imported file, however crafted, is answered within 15 s…
const ANSWER_WITHIN: Duration = Duration::from_secs(15);
/// …and the server stays under 200 MB.
const PEAK_MEMORY_KB: u64 = 200 * 1024;
/// A roster read while the files are being refused.
const ROSTER_WITHIN: Duration = Duration::from_secs(2);

const EXTENT: &str = "文件内容超过限制：工作表不能超过 100000 行、1024 列";
const UNPACKED: &str = "文件内容超过限制：解压后的内容不能超过 50MB";
const SIZE_LIE: &str = "文件内容超过限制：xlsx 文件内的部件解压后不能大于它声明的大小";
const XML_RUN: &str = "文件内容超过限制：工作簿中的单个标记或一段空白不能超过 256KB";
const CELL: &str = "文件内容超过限制：单元格文字不能超过 32767 个字符";
const SHARED: &str = "文件内容超过限制：共享字符串不能超过 200000 条、共 8MB";
const TOO_MANY_ROWS: &str = "一次最多导入5000行";
const NO_WORKERS: &str = "文件中没有人员数据";
const PIXELS: &str = "文件内容超过限制：图片不能超过 1 亿像素";

// ------------------------------------------------------------------------------------------ building the files

/// A zip entry as written: the bytes stored, the method (0 stored, 8 deflated), the checksum and the size it
/// declares.
struct Entry {
    name: String,
    method: u16,
    data: Vec<u8>,
    crc: u32,
    declared: u32,
}

impl Entry {
    /// `content` deflated, declaring its true size.
    fn deflated(name: &str, content: &[u8]) -> Entry {
        let mut crc = Crc::new();
        crc.update(content);
        let declared = u32::try_from(content.len()).expect("under 4 GB");
        Entry { name: name.into(), method: 8, data: deflate(content, FlushCompress::Finish), crc: crc.sum(), declared }
    }

    /// A deflate stream built by `repeated`, declaring `declared` bytes, true or not (its checksum is not
    /// computed: nothing reads that far).
    fn stream(name: &str, data: Vec<u8>, declared: u64) -> Entry {
        let declared = u32::try_from(declared).expect("under 4 GB");
        Entry { name: name.into(), method: 8, data, crc: 0, declared }
    }
}

fn deflate(data: &[u8], flush: FlushCompress) -> Vec<u8> {
    let mut compress = Compress::new(Compression::best(), false);
    let mut out = Vec::with_capacity(data.len() + 1024);
    compress.compress_vec(data, &mut out, flush).expect("deflate");
    assert_eq!(compress.total_in(), data.len() as u64, "deflated in one call");
    out
}

/// `prefix`, `block` `times` over, then `suffix` as one deflate stream, each part compressed alone and ended
/// with a full flush so that the block's compressed bytes can simply be repeated: gigabytes described in a few
/// megabytes, built in milliseconds. Also answers the true size.
fn repeated(prefix: &str, block: &[u8], times: usize, suffix: &str) -> (Vec<u8>, u64) {
    let mut stream = deflate(prefix.as_bytes(), FlushCompress::Full);
    let packed = deflate(block, FlushCompress::Full);
    for _ in 0..times {
        stream.extend_from_slice(&packed);
    }
    stream.extend(deflate(suffix.as_bytes(), FlushCompress::Finish));
    (stream, (prefix.len() + block.len() * times + suffix.len()) as u64)
}

/// The archive of `entries` (local headers, data, central directory), written by hand so that a size may lie.
fn zip(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut directory = Vec::new();
    for entry in entries {
        let offset = out.len() as u32;
        let fields = |out: &mut Vec<u8>| {
            for half in [20u16, 0x0800, entry.method, 0, 0x21] {
                out.extend_from_slice(&half.to_le_bytes());
            }
            for word in [entry.crc, entry.data.len() as u32, entry.declared] {
                out.extend_from_slice(&word.to_le_bytes());
            }
            out.extend_from_slice(&(entry.name.len() as u16).to_le_bytes());
            out.extend_from_slice(&0u16.to_le_bytes());
        };
        out.extend_from_slice(b"PK\x03\x04");
        fields(&mut out);
        out.extend_from_slice(entry.name.as_bytes());
        out.extend_from_slice(&entry.data);
        directory.extend_from_slice(b"PK\x01\x02\x14\x00");
        fields(&mut directory);
        directory.extend_from_slice(&[0; 10]);
        directory.extend_from_slice(&offset.to_le_bytes());
        directory.extend_from_slice(entry.name.as_bytes());
    }
    let start = out.len() as u32;
    out.extend_from_slice(&directory);
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    let count = entries.len() as u16;
    for half in [count, count] {
        out.extend_from_slice(&half.to_le_bytes());
    }
    for word in [directory.len() as u32, start] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&0u16.to_le_bytes());
    out
}

const RELS: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const SHEET: &str = "xl/worksheets/sheet1.xml";
const SHARED_STRINGS: &str = "xl/sharedStrings.xml";
const SHEET_START: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#;
const SHEET_END: &str = "</sheetData></worksheet>";
const HEADER_ROW: &str = r#"<row r="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is></c></row>"#;

/// A workbook whose first sheet is `sheet`, with the shared strings `shared` when given.
fn workbook(sheet: Entry, shared: Option<Entry>) -> Vec<u8> {
    let types = r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"#;
    let package = format!(
        r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#
    );
    let book = format!(
        r#"<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="{RELS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>"#
    );
    let book_relations = format!(
        r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#
    );
    let mut entries = vec![
        Entry::deflated("[Content_Types].xml", types.as_bytes()),
        Entry::deflated("_rels/.rels", package.as_bytes()),
        Entry::deflated("xl/workbook.xml", book.as_bytes()),
        Entry::deflated("xl/_rels/workbook.xml.rels", book_relations.as_bytes()),
        sheet,
    ];
    entries.extend(shared);
    zip(&entries)
}

fn sheet_of(rows: &str) -> Entry {
    Entry::deflated(SHEET, format!("{SHEET_START}{HEADER_ROW}{rows}{SHEET_END}").as_bytes())
}

/// 1 MB of whitespace in runs of about a kilobyte between empty elements.
fn whitespace_runs() -> Vec<u8> {
    format!("<x/>{}", " ".repeat(1020)).repeat(MIB / 1024).into_bytes()
}

/// A hostile workbook: what it is, its bytes, the imports it goes to and the answer each gives.
struct Hostile {
    what: &'static str,
    bytes: Vec<u8>,
    paths: &'static [&'static str],
    answer: &'static str,
}

fn hostile_workbooks() -> Vec<Hostile> {
    let both_imports: &'static [&'static str] = &[WORKER_IMPORT, RECORD_IMPORT];
    let far_cell = sheet_of(r#"<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>"#);
    let far_but_within = sheet_of(r#"<row r="100000"><c r="ZZ100000"><v>1</v></c></row>"#);
    let (bomb, unpacked) = repeated(&format!("{SHEET_START}{HEADER_ROW}"), &whitespace_runs(), 2048, SHEET_END);
    let (one_run, _) = repeated(&format!("{SHEET_START}{HEADER_ROW}"), &vec![b' '; MIB], 2048, SHEET_END);
    let (giant, giant_size) = repeated("<sst><si><t>", &vec![b'a'; MIB], 30, "</t></si></sst>");
    let (many, many_size) = repeated("<sst>", "<si><t>x</t></si>".repeat(1000).as_bytes(), 300, "</sst>");
    let (rows, rows_size) = repeated(
        &format!("{SHEET_START}{HEADER_ROW}"),
        "<row><c><v>1</v></c></row>".repeat(1000).as_bytes(),
        1000,
        SHEET_END,
    );
    let first_string = || sheet_of(r#"<row r="2"><c r="A2" t="s"><v>0</v></c></row>"#);
    vec![
        Hostile {
            what: "A1 and XFD1048576 (1.5 KB)",
            bytes: workbook(far_cell, None),
            paths: both_imports,
            answer: EXTENT,
        },
        Hostile {
            what: "A1 and ZZ100000, within the extent: two rows, no grid",
            bytes: workbook(far_but_within, None),
            paths: &[WORKER_IMPORT],
            answer: NO_WORKERS,
        },
        Hostile {
            what: "2 GB of whitespace declared as such",
            bytes: workbook(Entry::stream(SHEET, bomb.clone(), unpacked), None),
            paths: &[WORKER_IMPORT],
            answer: UNPACKED,
        },
        Hostile {
            what: "2 GB of whitespace declared as 1 MB",
            bytes: workbook(Entry::stream(SHEET, bomb, MIB as u64), None),
            paths: both_imports,
            answer: SIZE_LIE,
        },
        Hostile {
            what: "2 GB of whitespace in one run, declared as 40 MB",
            bytes: workbook(Entry::stream(SHEET, one_run, 40 * MIB as u64), None),
            paths: &[WORKER_IMPORT],
            answer: XML_RUN,
        },
        Hostile {
            what: "one shared string of 30 MB",
            bytes: workbook(first_string(), Some(Entry::stream(SHARED_STRINGS, giant, giant_size))),
            paths: &[WORKER_IMPORT],
            answer: CELL,
        },
        Hostile {
            what: "300,000 shared strings",
            bytes: workbook(first_string(), Some(Entry::stream(SHARED_STRINGS, many, many_size))),
            paths: &[WORKER_IMPORT],
            answer: SHARED,
        },
        Hostile {
            what: "a million rows",
            bytes: workbook(Entry::stream(SHEET, rows, rows_size), None),
            paths: both_imports,
            answer: TOO_MANY_ROWS,
        },
    ]
}

/// A PNG of `width` × `height` pixels by its header, with one row of data.
fn png(width: u32, height: u32) -> Vec<u8> {
    let chunk = |kind: &[u8], data: &[u8], out: &mut Vec<u8>| {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let mut crc = Crc::new();
        crc.update(kind);
        crc.update(data);
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        out.extend_from_slice(&crc.sum().to_be_bytes());
    };
    let mut header = Vec::new();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 0, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(b"IHDR", &header, &mut out);
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), Compression::best());
    std::io::Write::write_all(&mut zlib, &vec![0; width as usize + 1]).unwrap();
    chunk(b"IDAT", &zlib.finish().unwrap(), &mut out);
    chunk(b"IEND", &[], &mut out);
    out
}

// ------------------------------------------------------------------------------------------ the tests

fn multipart(bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "wageguard-hostile-boundary";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"hostile.xlsx\"\r\nContent-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn import(app: &TestApp, token: &str, path: &str, bytes: &[u8]) -> Value {
    let (content_type, body) = multipart(bytes);
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, content_type)
        .header("X-Token", token)
        .body(Body::from(body))
        .expect("request");
    let (status, reply) = app.send(request).await;
    assert_eq!(status, 200, "{reply}");
    reply
}

async fn counts(app: &TestApp) -> [i64; 4] {
    [
        app.scalar("SELECT COUNT(*) FROM workers").await,
        app.scalar("SELECT COUNT(*) FROM employments").await,
        app.scalar("SELECT COUNT(*) FROM punches").await,
        app.scalar("SELECT COUNT(*) FROM uploads").await,
    ]
}

async fn hostile_workbooks_are_refused_within_the_budget(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let before = counts(app).await;
    for file in hostile_workbooks() {
        for path in file.paths {
            let started = Instant::now();
            let reply = import(app, &token, path, &file.bytes).await;
            let took = started.elapsed();
            assert_eq!(reply["message"], file.answer, "{} to {path}: {reply}", file.what);
            assert_refused(&reply, file.answer);
            assert!(took < ANSWER_WITHIN, "{} to {path} took {took:?}", file.what);
        }
    }
    assert_eq!(counts(app).await, before, "a refused file changes nothing");
}
both!(hostile_workbooks_are_refused_within_the_budget);

async fn an_image_claiming_sixty_thousand_pixels_square_is_refused(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let before = counts(app).await;
    let claimed = png(60_000, 60_000);
    assert!(claimed.len() < 1024, "a few hundred bytes: {}", claimed.len());
    assert_refused(&app.upload(AVATAR, Some(&token), &[("photo.png", &claimed)]).await, PIXELS);
    assert_eq!(counts(app).await, before);
    let photo = app.upload(AVATAR, Some(&token), &[("photo.png", &png(4_000, 3_000))]).await;
    assert_eq!(photo["code"], 201, "a camera's photo: {photo}");
}
both!(an_image_claiming_sixty_thousand_pixels_square_is_refused);

/// A backup to restore (`wageguard restore`) holding `bad` beside what a backup holds.
fn backup_with(app: &TestApp, bad: Entry) -> Vec<u8> {
    let database = if app.config.database_url.starts_with("postgres") { "database.pgdump" } else { "database.sqlite" };
    zip(&[
        Entry::deflated("backup.txt", format!("wageguard=0.1.0\ndatabase={database}\nuploads=1\n").as_bytes()),
        Entry::deflated(database, b"not restored"),
        bad,
    ])
}

async fn a_backup_reaching_outside_or_past_an_upload_size_restores_nothing(app: &TestApp) {
    let before = counts(app).await;
    let dir = std::env::temp_dir().join(format!("wageguard-hostile-{}", uuid::Uuid::new_v4().simple()));
    let mut config = app.config.clone();
    config.data_dir = dir.join("data");
    std::fs::create_dir_all(&config.data_dir).unwrap();
    let cases = [
        ("uploads/../../evil.txt", Entry::deflated("uploads/../../evil.txt", b"outside")),
        ("../evil.txt", Entry::deflated("../evil.txt", b"outside")),
        ("an upload of 6 MB", Entry::deflated("uploads/0123456789abcdef0123456789abcdef.png", &vec![0; 6 * MIB])),
    ];
    for (what, bad) in cases {
        let archive = dir.join("backup.zip");
        std::fs::write(&archive, backup_with(app, bad)).unwrap();
        let refused = wageguard::backup::archive::restore(&config, &archive, true).await.expect_err(what);
        assert!(refused.to_string().starts_with("文件内容超过限制：备份中的"), "{what}: {refused}");
        assert!(!dir.join("evil.txt").exists() && !config.data_dir.parent().unwrap().join("evil.txt").exists());
        assert!(!config.data_dir.join("uploads").exists(), "{what}: nothing restored");
    }
    assert_eq!(counts(app).await, before, "the database was not replaced");
    std::fs::remove_dir_all(&dir).unwrap();
}
both!(a_backup_reaching_outside_or_past_an_upload_size_restores_nothing);

/// A request over plain HTTP/1.0 to the server on `port`: the envelope and how long it took.
async fn timed(port: u16, method: &str, path: &str, token: &str, body: Option<&[u8]>) -> (Value, Duration) {
    let started = Instant::now();
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("connect");
    let mut head = format!("{method} {path} HTTP/1.0\r\nHost: 127.0.0.1\r\nX-Token: {token}\r\n");
    let (content_type, bytes) = body.map(multipart).unwrap_or_default();
    if body.is_some() {
        head.push_str(&format!("Content-Type: {content_type}\r\nContent-Length: {}\r\n", bytes.len()));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await.expect("request head");
    stream.write_all(&bytes).await.expect("request body");
    let mut reply = Vec::new();
    stream.read_to_end(&mut reply).await.expect("reply");
    let took = started.elapsed();
    let start = reply.windows(4).position(|window| window == b"\r\n\r\n").expect("a complete reply") + 4;
    let envelope = serde_json::from_slice(&reply[start..])
        .unwrap_or_else(|_| panic!("{path}: not an envelope: {}", String::from_utf8_lossy(&reply)));
    (envelope, took)
}

/// A line of /proc/<pid>/status in kB (`VmRSS`, `VmHWM`).
fn status_kb(pid: u32, key: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("the server's status");
    let line = status.lines().find(|line| line.starts_with(key)).expect("the key");
    line.split_whitespace().nth(1).and_then(|kb| kb.parse().ok()).expect("kB")
}

async fn all_at_once_the_server_stays_small_and_answers_others(app: &TestApp) {
    let token = app.login("demo", "Demo@12345").await;
    let server = Server::start(app, 0).await;
    let (roster, usual) = timed(server.port, "GET", ROSTER, &token, None).await;
    assert_eq!(roster["code"], 201, "{roster}");
    let rss_before = status_kb(server.pid(), "VmRSS:");
    let files: Vec<(&'static str, &'static str, Vec<u8>)> = hostile_workbooks()
        .into_iter()
        .filter(|file| file.answer != NO_WORKERS)
        .map(|file| (file.what, file.answer, file.bytes))
        .collect();
    let mut sending = tokio::task::JoinSet::new();
    for (what, answer, bytes) in files {
        let (port, token) = (server.port, token.clone());
        sending.spawn(async move { (what, answer, timed(port, "POST", WORKER_IMPORT, &token, Some(&bytes)).await) });
    }
    let mut slowest_roster = Duration::ZERO;
    let mut answers = Vec::new();
    while !sending.is_empty() {
        let (roster, took) = timed(server.port, "GET", ROSTER, &token, None).await;
        assert_eq!(roster["code"], 201, "{roster}");
        slowest_roster = slowest_roster.max(took);
        while let Some(done) = sending.try_join_next() {
            answers.push(done.expect("the sender"));
        }
    }
    let peak = status_kb(server.pid(), "VmHWM:");
    for (what, answer, (reply, took)) in &answers {
        assert_eq!(reply["message"], *answer, "{what}: {reply}");
        assert!(*took < ANSWER_WITHIN, "{what} took {took:?}");
        report(format!(
            "hostile file ({}): {what}: {answer} in {} ms",
            app.config.database_url.split(':').next().unwrap_or(""),
            took.as_millis()
        ));
    }
    report(format!(
        "hostile files at once ({}): {} files, VmRSS before {} MB, peak {} MB; a roster read {} ms before, at most {} ms meanwhile",
        app.config.database_url.split(':').next().unwrap_or(""),
        answers.len(),
        rss_before / 1024,
        peak / 1024,
        usual.as_millis(),
        slowest_roster.as_millis()
    ));
    assert!(peak < PEAK_MEMORY_KB, "peak resident memory {peak} kB");
    assert!(
        slowest_roster < ROSTER_WITHIN.max(usual * 10),
        "a roster read took {slowest_roster:?} (usually {usual:?})"
    );
}
both!(all_at_once_the_server_stays_small_and_answers_others);
