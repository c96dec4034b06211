//! Configuration: an optional TOML file, then the environment on top.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The site configuration the console shows (`public/Message`, messageJson).
#[derive(Clone, Debug, Deserialize, Serialize, ToSchema, PartialEq)]
#[serde(default)]
pub struct SiteConfig {
    /// Full product title (login page).
    pub titleall: String,
    /// Short title (header).
    pub title: String,
    /// Title icon URL; empty for the built-in one. The misspelling is the spec's.
    pub tieleicon: String,
    /// Help-centre link; the header shows it only when set.
    pub helpcenter: String,
    /// Regional deployment code; 4208 and 4212 enable regional behaviour.
    pub areacode: String,
    /// 1 when finance approval (and its role configuration menu) is in use.
    pub finance: i64,
    /// Default map centre as "lat,lng".
    pub centerlatlng: String,
    /// The map's XYZ tile URL template (`https://…/{z}/{x}/{y}.png`); empty: no imagery, a grid (offline).
    pub maptiles: String,
    /// A Nominatim-compatible geocoder the console's map search also asks (`{geocoder}?q=…&format=json`
    /// answering `[{lat, lon, display_name}]`); empty: districts from the area data only.
    pub geocoder: String,
    /// The local ID-card reader the browser calls for 读卡 (GET, JSON; docs/api.md "ID reader"). Empty
    /// hides the button. Environment: WAGEGUARD_ID_READER.
    pub idreader: String,
}

impl Default for SiteConfig {
    fn default() -> Self {
        SiteConfig {
            titleall: "农民工工资支付监管平台".into(),
            title: "工资监管平台".into(),
            tieleicon: String::new(),
            helpcenter: String::new(),
            areacode: "4101".into(),
            finance: 1,
            centerlatlng: "34.75,113.63".into(),
            maptiles: String::new(),
            geocoder: String::new(),
            idreader: "http://127.0.0.1:18089/readcard".into(),
        }
    }
}

/// Login and password policy.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(default)]
pub struct SecurityConfig {
    /// The strong-password setting: 8–16 chars with upper, lower, digit and special char.
    pub strong_password: bool,
    /// SMS login and the SMS code on password login.
    pub sms_login: bool,
    /// Wrong passwords in a row before the account locks.
    pub max_failed_logins: i64,
    pub lockout_minutes: i64,
    pub session_days: i64,
}

impl Default for SecurityConfig {
    fn default() -> Self {
        SecurityConfig { strong_password: true, sms_login: false, max_failed_logins: 5, lockout_minutes: 15, session_days: 15 }
    }
}

/// What the rights-protection notice board (维权信息告示牌) shows besides the project's own data
/// (`[notice_board]` in the TOML file). The defaults are Zhengzhou's (郑州, 一类区) from 2024-01-01.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(default)]
pub struct NoticeBoardConfig {
    /// The local monthly minimum wage in fen (郑州 2024: 2100 yuan).
    pub minimum_monthly_wage_fen: i64,
    /// The local hourly minimum wage in fen (郑州 2024: 20.6 yuan).
    pub minimum_hourly_wage_fen: i64,
    /// When wages are paid on this site, as printed (e.g. 每月15日).
    pub pay_day: String,
    /// The national labour and social-security complaint line.
    pub complaint_hotline: String,
    /// The supervising labour inspectorate's phone, as printed.
    pub regulator_phone: String,
    /// The regulator's name after the supervising district's name (郑州市金水区 + this).
    pub regulator_suffix: String,
}

impl Default for NoticeBoardConfig {
    fn default() -> Self {
        NoticeBoardConfig {
            minimum_monthly_wage_fen: 210_000,
            minimum_hourly_wage_fen: 2_060,
            pay_day: "每月15日".into(),
            complaint_hotline: "12333".into(),
            regulator_phone: "0371-12333".into(),
            regulator_suffix: "人力资源和社会保障局".into(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Config {
    pub database_url: String,
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    /// False only for automated clients (`WAGEGUARD_CAPTCHA=off`).
    pub captcha: bool,
    pub site: SiteConfig,
    pub security: SecurityConfig,
    pub notice_board: NoticeBoardConfig,
    /// The secret the bank sends in header `X-Bank-Secret` when it announces an arrival on a special account
    /// (`bank_notify_secret`, environment WAGEGUARD_BANK_SECRET). Empty: announcements are refused.
    pub bank_notify_secret: String,
    /// Milliseconds the sandbox bank waits before each payout line, which it then pays one by one
    /// (`sandbox_pay_delay_ms`, environment WAGEGUARD_SANDBOX_PAY_DELAY_MS): 0, the default, pays at once.
    /// Only for tests that need a payout to take time (the crash test kills the server mid-payout).
    pub sandbox_pay_delay_ms: u64,
}

#[derive(Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct FileConfig {
    database_url: Option<String>,
    addr: Option<String>,
    data_dir: Option<PathBuf>,
    captcha: Option<String>,
    site: SiteConfig,
    security: SecurityConfig,
    notice_board: NoticeBoardConfig,
    bank_notify_secret: Option<String>,
    sandbox_pay_delay_ms: Option<u64>,
}

impl Config {
    /// Reads `path` if given (else `wageguard.toml` when present), then applies `DATABASE_URL`,
    /// `WAGEGUARD_ADDR`, `WAGEGUARD_DATA_DIR` and `WAGEGUARD_CAPTCHA`.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Config> {
        let file = match path {
            Some(path) => Some(path.to_path_buf()),
            None => Some(PathBuf::from("wageguard.toml")).filter(|p| p.exists()),
        };
        let parsed: FileConfig = match &file {
            Some(path) => {
                let text = std::fs::read_to_string(path).with_context(|| format!("无法读取配置文件 {}", path.display()))?;
                toml::from_str(&text).with_context(|| format!("配置文件 {} 格式错误", path.display()))?
            }
            None => FileConfig::default(),
        };
        Config::from_parts(parsed, |name| std::env::var(name).ok().filter(|v| !v.is_empty()))
    }

    fn from_parts(file: FileConfig, env: impl Fn(&str) -> Option<String>) -> anyhow::Result<Config> {
        let data_dir = env("WAGEGUARD_DATA_DIR").map(PathBuf::from).or(file.data_dir).unwrap_or_else(|| PathBuf::from("data"));
        let database_url = env("DATABASE_URL")
            .or(file.database_url)
            .unwrap_or_else(|| format!("sqlite://{}/wageguard.db", data_dir.display()));
        let addr_text = env("WAGEGUARD_ADDR").or(file.addr).unwrap_or_else(|| "127.0.0.1:8080".into());
        let addr = addr_text.parse().with_context(|| format!("WAGEGUARD_ADDR 无效: {addr_text}"))?;
        let captcha = match env("WAGEGUARD_CAPTCHA").or(file.captcha).as_deref() {
            None | Some("on") => true,
            Some("off") => false,
            Some(other) => anyhow::bail!("WAGEGUARD_CAPTCHA 只能是 on 或 off，而不是 {other}"),
        };
        let mut site = file.site;
        if let Some(reader) = env("WAGEGUARD_ID_READER") {
            site.idreader = reader;
        }
        let bank_notify_secret = env("WAGEGUARD_BANK_SECRET").or(file.bank_notify_secret).unwrap_or_default();
        let sandbox_pay_delay_ms = match env("WAGEGUARD_SANDBOX_PAY_DELAY_MS") {
            Some(text) => text.parse().with_context(|| format!("WAGEGUARD_SANDBOX_PAY_DELAY_MS 应为毫秒数，而不是 {text}"))?,
            None => file.sandbox_pay_delay_ms.unwrap_or(0),
        };
        Ok(Config {
            database_url,
            addr,
            data_dir,
            captcha,
            site,
            security: file.security,
            notice_board: file.notice_board,
            bank_notify_secret,
            sandbox_pay_delay_ms,
        })
    }

    /// A configuration for tests and tools: the given database, captcha off, defaults elsewhere.
    pub fn for_database(database_url: &str) -> Config {
        Config {
            database_url: database_url.to_owned(),
            addr: "127.0.0.1:0".parse().expect("literal address"),
            data_dir: std::env::temp_dir(),
            captcha: false,
            site: SiteConfig::default(),
            security: SecurityConfig::default(),
            notice_board: NoticeBoardConfig::default(),
            bank_notify_secret: String::new(),
            sandbox_pay_delay_ms: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(pairs: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    #[test]
    fn defaults_are_sqlite_on_localhost_with_captcha() {
        let config = Config::from_parts(FileConfig::default(), env_of(&[])).unwrap();
        assert_eq!(config.database_url, "sqlite://data/wageguard.db");
        assert_eq!(config.addr.to_string(), "127.0.0.1:8080");
        assert!(config.captcha);
        assert_eq!(config.site.areacode, "4101");
    }

    #[test]
    fn environment_overrides_the_file() {
        let file: FileConfig = toml::from_str("addr = \"0.0.0.0:9000\"\n[site]\ntitle = \"测试\"\n").unwrap();
        let config = Config::from_parts(
            file,
            env_of(&[("WAGEGUARD_ADDR", "127.0.0.1:9999"), ("WAGEGUARD_CAPTCHA", "off"), ("WAGEGUARD_DATA_DIR", "/tmp/wg")]),
        )
        .unwrap();
        assert_eq!(config.addr.to_string(), "127.0.0.1:9999");
        assert!(!config.captcha);
        assert_eq!(config.site.title, "测试");
        assert_eq!(config.database_url, "sqlite:///tmp/wg/wageguard.db");
    }

    #[test]
    fn the_notice_board_defaults_to_zhengzhou_and_reads_the_file() {
        assert_eq!(Config::from_parts(FileConfig::default(), env_of(&[])).unwrap().notice_board.minimum_monthly_wage_fen, 210_000);
        let file: FileConfig = toml::from_str("[notice_board]\npay_day = \"每月10日\"\n").unwrap();
        let board = Config::from_parts(file, env_of(&[])).unwrap().notice_board;
        assert_eq!((board.pay_day.as_str(), board.minimum_hourly_wage_fen), ("每月10日", 2_060));
    }

    #[test]
    fn a_wrong_captcha_switch_is_refused() {
        assert!(Config::from_parts(FileConfig::default(), env_of(&[("WAGEGUARD_CAPTCHA", "maybe")])).is_err());
    }

    #[test]
    fn unknown_keys_in_the_file_are_refused() {
        assert!(toml::from_str::<FileConfig>("colour = 1").is_err());
    }
}
