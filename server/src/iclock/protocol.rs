//! The ZKTeco PUSH (ADMS / iclock) protocol's texts, read and written (docs/iclock.md): no database, no
//! clock. A terminal sends tab-separated log lines and `key=value` records; the server answers plain text.

use std::collections::BTreeMap;

/// The stamps a terminal sends its logs after (0: everything it holds).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stamps {
    pub attlog: i64,
    pub operlog: i64,
    pub attphoto: i64,
}

/// Seconds a terminal waits after a failed request, and between command polls.
pub const ERROR_DELAY_SECONDS: i64 = 30;
pub const POLL_DELAY_SECONDS: i64 = 10;

/// The option block answering a handshake (`GET /iclock/cdata?SN=…&options=all`): where to resume each
/// log, how often to poll, what to push and in which time zone (China time, UTC+8).
pub fn options(serial: &str, stamps: Stamps) -> String {
    [
        format!("GET OPTION FROM: {serial}"),
        format!("ATTLOGStamp={}", stamps.attlog),
        format!("OPERLOGStamp={}", stamps.operlog),
        format!("ATTPHOTOStamp={}", stamps.attphoto),
        format!("ErrorDelay={ERROR_DELAY_SECONDS}"),
        format!("Delay={POLL_DELAY_SECONDS}"),
        "TransTimes=00:00;14:05".to_owned(),
        "TransInterval=1".to_owned(),
        "TransFlag=TransData AttLog OpLog AttPhoto EnrollUser ChgUser EnrollFP ChgFP FACE UserPic".to_owned(),
        "TimeZone=8".to_owned(),
        "Realtime=1".to_owned(),
        "Encrypt=None".to_owned(),
    ]
    .join("\n")
        + "\n"
}

/// The table a POST to `/iclock/cdata` carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    AttLog,
    OperLog,
    AttPhoto,
}

impl Table {
    pub fn parse(text: &str) -> Option<Table> {
        match text.trim().to_ascii_uppercase().as_str() {
            "ATTLOG" => Some(Table::AttLog),
            "OPERLOG" => Some(Table::OperLog),
            "ATTPHOTO" => Some(Table::AttPhoto),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Table::AttLog => "ATTLOG",
            Table::OperLog => "OPERLOG",
            Table::AttPhoto => "ATTPHOTO",
        }
    }
}

/// The lines of a text body, without blank ones, each with its number from 1 (as the console shows them).
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .map(|line| line.trim_end_matches('\r'))
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| (index + 1, line))
}

/// What a punch's status code says: the terminal's in/out keys (0 check-in, 1 check-out, 2 break-out,
/// 3 break-in, 4 overtime-in, 5 overtime-out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Way {
    In,
    Out,
    /// Any other code (255 on terminals without keys): the device's registered direction decides.
    Unstated,
}

/// One ATTLOG line: `PIN \t YYYY-MM-DD HH:MM:SS \t status \t verify \t workcode …`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttLogLine {
    pub pin: String,
    /// As sent, the terminal's local time.
    pub time: String,
    pub way: Way,
    /// 1 fingerprint, 15 face, 4 card, 0 password…; kept as sent.
    pub verify: String,
}

pub const MSG_LINE_FIELDS: &str = "考勤记录格式错误：应为 工号、时间、状态、验证方式，以Tab分隔";
pub const MSG_LINE_PIN: &str = "工号应为1-24位数字";

pub fn valid_pin(pin: &str) -> bool {
    (1..=24).contains(&pin.len()) && pin.bytes().all(|b| b.is_ascii_digit())
}

pub fn attlog_line(line: &str) -> Result<AttLogLine, &'static str> {
    let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
    if fields.len() < 2 || fields[1].is_empty() {
        return Err(MSG_LINE_FIELDS);
    }
    if !valid_pin(fields[0]) {
        return Err(MSG_LINE_PIN);
    }
    let way = match fields.get(2).copied().unwrap_or("") {
        "0" | "3" | "4" => Way::In,
        "1" | "2" | "5" => Way::Out,
        _ => Way::Unstated,
    };
    Ok(AttLogLine {
        pin: fields[0].to_owned(),
        time: fields[1].to_owned(),
        way,
        verify: fields.get(3).copied().unwrap_or("").to_owned(),
    })
}

/// The `key=value` fields of a record separated by tabs (OPERLOG records, a photo's header lines use `\n`).
pub fn fields(text: &str, separator: char) -> BTreeMap<String, String> {
    text.split(separator)
        .filter_map(|field| field.split_once('='))
        .map(|(key, value)| (key.trim().to_ascii_uppercase(), value.trim().to_owned()))
        .collect()
}

/// One OPERLOG line, as far as the roster cares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OperLine {
    /// `USER PIN=…\tName=…`: a person on the terminal.
    User { pin: String, name: String },
    /// `FP PIN=…\tFID=n`: finger n enrolled.
    Finger { pin: String, finger: u8 },
    /// `FACE PIN=…` (or `BIOPHOTO`, a face photo): the face enrolled.
    Face { pin: String },
    /// `OPLOG …` and other records (administration on the terminal): received, nothing to store.
    Other,
}

pub const MSG_OPER_PIN: &str = "记录缺少工号（PIN）";
pub const MSG_OPER_FINGER: &str = "指纹编号（FID）应为0-9";

pub fn operlog_line(line: &str) -> Result<OperLine, &'static str> {
    let (kind, rest) = line.split_once([' ', '\t']).unwrap_or((line, ""));
    let record = fields(rest, '\t');
    let pin = || record.get("PIN").filter(|pin| valid_pin(pin)).cloned().ok_or(MSG_OPER_PIN);
    Ok(match kind.trim().to_ascii_uppercase().as_str() {
        "USER" => OperLine::User { pin: pin()?, name: record.get("NAME").cloned().unwrap_or_default() },
        "FP" => {
            let finger = record.get("FID").and_then(|fid| fid.parse::<u8>().ok()).filter(|fid| *fid <= 9);
            OperLine::Finger { pin: pin()?, finger: finger.ok_or(MSG_OPER_FINGER)? }
        }
        "FACE" | "BIOPHOTO" => OperLine::Face { pin: pin()? },
        _ => OperLine::Other,
    })
}

/// An ATTPHOTO upload: header lines (`PIN=<YYYYMMDDHHMMSS>-<pin>.jpg`, `SN=…`, `size=…`, `CMD=uploadphoto`)
/// ended by a NUL byte, then the JPEG.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Photo<'a> {
    pub header: String,
    pub pin: String,
    /// `YYYY-MM-DD HH:MM:SS`, the terminal's local time.
    pub time: String,
    pub image: &'a [u8],
}

pub const MSG_PHOTO: &str = "考勤照片格式错误：应为 PIN=时间-工号.jpg 等说明行、一个NUL字节和JPEG图片";

pub fn photo(body: &[u8]) -> Result<Photo<'_>, &'static str> {
    let split = body.iter().position(|byte| *byte == 0).ok_or(MSG_PHOTO)?;
    let header = std::str::from_utf8(&body[..split]).map_err(|_| MSG_PHOTO)?;
    let name = fields(header, '\n').remove("PIN").ok_or(MSG_PHOTO)?;
    let stem = name.strip_suffix(".jpg").unwrap_or(&name);
    let (time, pin) = stem.split_once('-').ok_or(MSG_PHOTO)?;
    if time.len() != 14 || !time.bytes().all(|b| b.is_ascii_digit()) || !valid_pin(pin) {
        return Err(MSG_PHOTO);
    }
    let time =
        format!("{}-{}-{} {}:{}:{}", &time[..4], &time[4..6], &time[6..8], &time[8..10], &time[10..12], &time[12..]);
    Ok(Photo { header: header.to_owned(), pin: pin.to_owned(), time, image: &body[split + 1..] })
}

/// One confirmation of `POST /iclock/devicecmd`: `ID=<id>&Return=<code>&CMD=<verb>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confirmation {
    pub id: i64,
    pub code: String,
}

/// The confirmations of a devicecmd body (one per line); lines without a numeric ID are skipped.
pub fn confirmations(text: &str) -> Vec<Confirmation> {
    lines(text)
        .filter_map(|(_, line)| {
            let record = fields(line, '&');
            let id = record.get("ID")?.parse().ok()?;
            let code = record.get("RETURN").cloned().unwrap_or_default();
            Some(Confirmation { id, code: code.chars().take(16).collect() })
        })
        .collect()
}

/// The answer to a command poll: `C:<id>:<command>` lines, or `OK` when there is nothing to do.
pub fn commands(due: &[(i64, String)]) -> String {
    if due.is_empty() {
        return "OK".to_owned();
    }
    due.iter().map(|(id, command)| format!("C:{id}:{command}\n")).collect()
}

/// A worker's enrolment on a terminal. Tabs and line breaks in a name would break the record.
pub fn update_user(pin: i64, name: &str) -> String {
    let name: String = name.chars().filter(|c| !c.is_control()).collect();
    format!("DATA UPDATE USERINFO PIN={pin}\tName={name}\tPri=0")
}

pub fn delete_user(pin: i64) -> String {
    format!("DATA DELETE USERINFO PIN={pin}")
}

/// Makes the terminal handshake again (and so resume its logs from the stamps it is given).
pub const CHECK: &str = "CHECK";

/// What a poll's `INFO` says, for people: `<firmware>,<users>,<fingerprints>,<punches>,<IP>,…` as
/// 固件 …，人员 …，指纹 …，考勤记录 …，IP …; the fields after the IP (algorithm versions) are left out.
pub fn info_label(info: &str) -> String {
    const NAMES: [&str; 5] = ["固件", "人员", "指纹", "考勤记录", "IP"];
    NAMES
        .iter()
        .zip(info.split(','))
        .filter(|(_, value)| !value.trim().is_empty())
        .map(|(name, value)| format!("{name} {}", value.trim()))
        .collect::<Vec<_>>()
        .join("，")
}

/// The text of `table=ATTLOG&data=…` when a firmware puts the lines in a form field instead of the body.
pub fn form_data(body: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(body).ok()?;
    if !text.starts_with("data=") && !text.contains("&data=") {
        return None;
    }
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(text).ok()?;
    pairs.into_iter().find(|(key, _)| key == "data").map(|(_, value)| value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_option_block_names_the_serial_and_the_stamps() {
        let block = options("CQZ7231960042", Stamps { attlog: 9, operlog: 4, attphoto: 0 });
        assert!(block.starts_with("GET OPTION FROM: CQZ7231960042\nATTLOGStamp=9\nOPERLOGStamp=4\nATTPHOTOStamp=0\n"));
        for option in [
            "ErrorDelay=30",
            "Delay=10",
            "TransTimes=",
            "TransInterval=1",
            "TransFlag=",
            "TimeZone=8",
            "Realtime=1",
            "Encrypt=None",
        ] {
            assert!(block.lines().any(|line| line.starts_with(option)), "{option}");
        }
    }

    #[test]
    fn attendance_lines_read_pin_time_and_the_status_key() {
        let line = attlog_line("1024\t2026-11-27 07:58:03\t0\t15\t0\t0\t0").unwrap();
        assert_eq!(
            (line.pin.as_str(), line.time.as_str(), line.way, line.verify.as_str()),
            ("1024", "2026-11-27 07:58:03", Way::In, "15")
        );
        assert_eq!(attlog_line("7\t2026-11-27 18:01:00\t1\t1").unwrap().way, Way::Out);
        assert_eq!(attlog_line("7\t2026-11-27 12:00:00\t2\t1").unwrap().way, Way::Out);
        assert_eq!(attlog_line("7\t2026-11-27 13:00:00\t3\t1").unwrap().way, Way::In);
        assert_eq!(attlog_line("7\t2026-11-27 13:00:00\t255\t1").unwrap().way, Way::Unstated);
        assert_eq!(attlog_line("7\t2026-11-27 13:00:00").unwrap().way, Way::Unstated);
        assert_eq!(attlog_line("7 2026-11-27 13:00:00"), Err(MSG_LINE_FIELDS));
        assert_eq!(attlog_line("A7\t2026-11-27 13:00:00\t0"), Err(MSG_LINE_PIN));
    }

    #[test]
    fn blank_lines_are_skipped_and_numbers_kept() {
        let numbered: Vec<(usize, &str)> = lines("a\r\n\r\nb\n  \nc").collect();
        assert_eq!(numbered, vec![(1, "a"), (3, "b"), (5, "c")]);
    }

    #[test]
    fn operation_lines_read_users_fingers_and_faces() {
        assert_eq!(
            operlog_line("USER PIN=12\tName=张三\tPri=0\tPasswd=\tCard=\tGrp=1"),
            Ok(OperLine::User { pin: "12".into(), name: "张三".into() })
        );
        assert_eq!(
            operlog_line("FP PIN=12\tFID=6\tSize=1184\tValid=1\tTMP=AAAA"),
            Ok(OperLine::Finger { pin: "12".into(), finger: 6 })
        );
        assert_eq!(
            operlog_line("FACE PIN=12\tFID=0\tSIZE=2048\tVALID=1\tTMP=AAAA"),
            Ok(OperLine::Face { pin: "12".into() })
        );
        assert_eq!(operlog_line("OPLOG 4\t0\t2026-11-27 08:00:00\t0\t0\t0\t0"), Ok(OperLine::Other));
        assert_eq!(operlog_line("FP FID=6"), Err(MSG_OPER_PIN));
        assert_eq!(operlog_line("FP PIN=12\tFID=12"), Err(MSG_OPER_FINGER));
    }

    #[test]
    fn a_photo_upload_names_its_punch() {
        let mut body = b"PIN=20261127075803-1024.jpg\nSN=CQZ7231960042\nsize=4\nCMD=uploadphoto\0".to_vec();
        body.extend_from_slice(&[0xFF, 0xD8, 0xFF, 0xE0]);
        let photo = photo(&body).unwrap();
        assert_eq!((photo.pin.as_str(), photo.time.as_str()), ("1024", "2026-11-27 07:58:03"));
        assert_eq!(photo.image, &[0xFF, 0xD8, 0xFF, 0xE0]);
        assert_eq!(super::photo(b"PIN=2026-1024.jpg\0"), Err(MSG_PHOTO));
        assert_eq!(super::photo(b"no header end"), Err(MSG_PHOTO));
    }

    #[test]
    fn confirmations_and_command_answers() {
        assert_eq!(
            confirmations("ID=5&Return=0&CMD=DATA\nID=6&Return=-1002&CMD=DATA\nID=x&Return=0\n"),
            vec![Confirmation { id: 5, code: "0".into() }, Confirmation { id: 6, code: "-1002".into() }]
        );
        assert_eq!(commands(&[]), "OK");
        assert_eq!(commands(&[(5, delete_user(12))]), "C:5:DATA DELETE USERINFO PIN=12\n");
        assert_eq!(update_user(12, "张\t三\n"), "DATA UPDATE USERINFO PIN=12\tName=张三\tPri=0");
    }

    #[test]
    fn a_polls_info_reads_as_firmware_counts_and_address() {
        assert_eq!(
            info_label("Ver 6.60,30,2,100,192.168.1.201,10,7"),
            "固件 Ver 6.60，人员 30，指纹 2，考勤记录 100，IP 192.168.1.201"
        );
        assert_eq!(info_label("Ver 8.0"), "固件 Ver 8.0");
        assert_eq!(info_label(""), "");
    }

    #[test]
    fn lines_in_a_form_field_are_read() {
        assert_eq!(
            form_data(b"data=7%092026-11-27+08%3A00%3A00%090%091").as_deref(),
            Some("7\t2026-11-27 08:00:00\t0\t1")
        );
        assert_eq!(form_data(b"7\t2026-11-27 08:00:00\t0\t1"), None);
    }
}
