//! Configuration: an optional TOML file, then the environment on top.

use std::net::{IpAddr, SocketAddr};
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
        SecurityConfig {
            strong_password: true,
            sms_login: false,
            max_failed_logins: 5,
            lockout_minutes: 15,
            session_days: 15,
        }
    }
}

/// Requests per client address per window on the endpoints anyone can reach (`[rate_limits]`); 0 turns a
/// limit off. Generous for a site office behind one address, tight enough to make guessing slow.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct RateLimitConfig {
    /// Password and SMS logins and password checks, per minute.
    pub login_per_minute: i64,
    /// SMS codes asked for, per hour (each phone also waits 60 s between codes).
    pub sms_codes_per_hour: i64,
    /// Captcha images, per minute.
    pub captchas_per_minute: i64,
    /// The public site configuration and SMS status, per minute.
    pub public_per_minute: i64,
}

impl Default for RateLimitConfig {
    fn default() -> Self {
        RateLimitConfig {
            login_per_minute: 60,
            sms_codes_per_hour: 20,
            captchas_per_minute: 120,
            public_per_minute: 600,
        }
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

/// Wage-arrears leads (`[clues]`): the project's time to answer and the public page's limits (0 turns a limit
/// off).
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct ClueConfig {
    /// Working days (China's holiday calendar) a project has to answer a dispatched or returned lead.
    pub feedback_working_days: i64,
    /// Leads one phone may report per day.
    pub reports_per_phone_per_day: i64,
    /// Leads one client address may report per hour.
    pub reports_per_address_per_hour: i64,
}

impl Default for ClueConfig {
    fn default() -> Self {
        ClueConfig { feedback_working_days: 3, reports_per_phone_per_day: 3, reports_per_address_per_hour: 10 }
    }
}

/// The early-warning engine's thresholds (`[warnings]`, DESIGN §5); money in fen, spans in days or months.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct WarningConfig {
    /// How many past months the engine looks at.
    pub lookback_months: i64,
    /// Attended workers on no wage line above this percentage of the attended: red instead of yellow.
    pub unlined_red_percent: i64,
    /// The monthly minimum wage where no area prefix below matches (郑州 2024: 2100 yuan).
    pub minimum_wage_fen: i64,
    /// Monthly minimum wage by area-code prefix of the project's district; the longest prefix wins.
    pub minimum_wage_by_area: std::collections::BTreeMap<String, i64>,
    /// One worker's net pay in one month above this is a warning.
    pub worker_month_limit_fen: i64,
    /// One worker's net pay in one calendar year above this is a warning.
    pub worker_year_limit_fen: i64,
    /// Days without any punch, with workers on site, before a warning.
    pub idle_attendance_days: i64,
    /// Days on site without a signed labour contract before a warning.
    pub contract_days: i64,
    /// Days after a worker's exit to make the final wage line.
    pub final_wage_days: i64,
    /// Days after the contract start to open the special account.
    pub account_open_days: i64,
    /// Days before the wage guarantee's last day that it counts as expiring.
    pub guarantee_notice_days: i64,
    /// Paid lines of a month whose worker had not confirmed them, in percent of the month's asked and paid
    /// lines, above which the month is a yellow warning (0: any such line).
    pub unconfirmed_paid_percent: i64,
    /// Working days a clerk has to answer a worker's dispute of his wage line: past them an orange warning,
    /// and the dispute becomes the bureau's lead.
    pub dispute_answer_working_days: i64,
}

impl Default for WarningConfig {
    fn default() -> Self {
        WarningConfig {
            lookback_months: 12,
            unlined_red_percent: 10,
            minimum_wage_fen: 210_000,
            minimum_wage_by_area: std::collections::BTreeMap::new(),
            worker_month_limit_fen: 5_000_000,
            worker_year_limit_fen: 30_000_000,
            idle_attendance_days: 7,
            contract_days: 30,
            final_wage_days: 5,
            account_open_days: 30,
            guarantee_notice_days: 30,
            unconfirmed_paid_percent: 0,
            dispute_answer_working_days: 3,
        }
    }
}

impl WarningConfig {
    /// The monthly minimum wage of a district: its longest configured prefix, else the default.
    pub fn minimum_wage_of(&self, district_code: &str) -> i64 {
        let code = district_code.split(',').next_back().unwrap_or("");
        self.minimum_wage_by_area
            .iter()
            .filter(|(prefix, _)| code.starts_with(prefix.as_str()))
            .max_by_key(|(prefix, _)| prefix.len())
            .map_or(self.minimum_wage_fen, |(_, fen)| *fen)
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
    /// The period of the scheduled jobs in seconds (`job_interval_seconds`, environment
    /// WAGEGUARD_JOB_INTERVAL; default an hour). Each job runs once per period across all instances.
    pub job_interval_seconds: i64,
    pub rate_limits: RateLimitConfig,
    pub warnings: WarningConfig,
    /// Proxies (nginx) whose `X-Forwarded-For` names the client (`trusted_proxies`, environment
    /// WAGEGUARD_TRUSTED_PROXIES, comma-separated). Empty: the peer address is the client.
    pub trusted_proxies: Vec<IpAddr>,
    /// Milliseconds the sandbox bank waits before each payout line, which it then pays one by one
    /// (`sandbox_pay_delay_ms`, environment WAGEGUARD_SANDBOX_PAY_DELAY_MS): 0, the default, pays at once.
    /// Only for tests that need a payout to take time (the crash test kills the server mid-payout).
    pub sandbox_pay_delay_ms: u64,
    pub clues: ClueConfig,
}

/// Scheduled jobs run hourly unless configured otherwise.
const DEFAULT_JOB_INTERVAL_SECONDS: i64 = 3600;

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
    job_interval_seconds: Option<i64>,
    rate_limits: RateLimitConfig,
    warnings: WarningConfig,
    trusted_proxies: Vec<IpAddr>,
    sandbox_pay_delay_ms: Option<u64>,
    clues: ClueConfig,
}

impl Config {
    /// Reads `path` if given (else `wageguard.toml` when present), then applies `DATABASE_URL`,
    /// `WAGEGUARD_ADDR`, `WAGEGUARD_DATA_DIR`, `WAGEGUARD_CAPTCHA`, `WAGEGUARD_ID_READER`, `WAGEGUARD_BANK_SECRET`
    /// and `WAGEGUARD_TRUSTED_PROXIES`.
    pub fn load(path: Option<&Path>) -> anyhow::Result<Config> {
        let file = match path {
            Some(path) => Some(path.to_path_buf()),
            None => Some(PathBuf::from("wageguard.toml")).filter(|p| p.exists()),
        };
        let parsed: FileConfig = match &file {
            Some(path) => {
                let text =
                    std::fs::read_to_string(path).with_context(|| format!("无法读取配置文件 {}", path.display()))?;
                toml::from_str(&text).with_context(|| format!("配置文件 {} 格式错误", path.display()))?
            }
            None => FileConfig::default(),
        };
        Config::from_parts(parsed, |name| std::env::var(name).ok().filter(|v| !v.is_empty()))
    }

    fn from_parts(file: FileConfig, env: impl Fn(&str) -> Option<String>) -> anyhow::Result<Config> {
        let data_dir =
            env("WAGEGUARD_DATA_DIR").map(PathBuf::from).or(file.data_dir).unwrap_or_else(|| PathBuf::from("data"));
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
        let job_interval_seconds = match env("WAGEGUARD_JOB_INTERVAL") {
            Some(text) => text.parse().with_context(|| format!("WAGEGUARD_JOB_INTERVAL 无效: {text}"))?,
            None => file.job_interval_seconds.unwrap_or(DEFAULT_JOB_INTERVAL_SECONDS),
        };
        if job_interval_seconds < 1 {
            anyhow::bail!("WAGEGUARD_JOB_INTERVAL 必须是正整数（秒），而不是 {job_interval_seconds}");
        }
        let trusted_proxies = match env("WAGEGUARD_TRUSTED_PROXIES") {
            Some(list) => list
                .split(',')
                .map(|address| {
                    address.trim().parse().with_context(|| format!("WAGEGUARD_TRUSTED_PROXIES 中的地址无效: {address}"))
                })
                .collect::<anyhow::Result<_>>()?,
            None => file.trusted_proxies,
        };
        let sandbox_pay_delay_ms = match env("WAGEGUARD_SANDBOX_PAY_DELAY_MS") {
            Some(text) => {
                text.parse().with_context(|| format!("WAGEGUARD_SANDBOX_PAY_DELAY_MS 应为毫秒数，而不是 {text}"))?
            }
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
            job_interval_seconds,
            rate_limits: file.rate_limits,
            warnings: file.warnings,
            trusted_proxies,
            sandbox_pay_delay_ms,
            clues: file.clues,
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
            job_interval_seconds: DEFAULT_JOB_INTERVAL_SECONDS,
            rate_limits: RateLimitConfig::default(),
            warnings: WarningConfig::default(),
            trusted_proxies: Vec::new(),
            sandbox_pay_delay_ms: 0,
            clues: ClueConfig::default(),
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
            env_of(&[
                ("WAGEGUARD_ADDR", "127.0.0.1:9999"),
                ("WAGEGUARD_CAPTCHA", "off"),
                ("WAGEGUARD_DATA_DIR", "/tmp/wg"),
            ]),
        )
        .unwrap();
        assert_eq!(config.addr.to_string(), "127.0.0.1:9999");
        assert!(!config.captcha);
        assert_eq!(config.site.title, "测试");
        assert_eq!(config.database_url, "sqlite:///tmp/wg/wageguard.db");
    }

    #[test]
    fn the_notice_board_defaults_to_zhengzhou_and_reads_the_file() {
        assert_eq!(
            Config::from_parts(FileConfig::default(), env_of(&[])).unwrap().notice_board.minimum_monthly_wage_fen,
            210_000
        );
        let file: FileConfig = toml::from_str("[notice_board]\npay_day = \"每月10日\"\n").unwrap();
        let board = Config::from_parts(file, env_of(&[])).unwrap().notice_board;
        assert_eq!((board.pay_day.as_str(), board.minimum_hourly_wage_fen), ("每月10日", 2_060));
    }

    #[test]
    fn the_job_interval_is_an_hour_unless_set_and_must_be_positive() {
        assert_eq!(Config::from_parts(FileConfig::default(), env_of(&[])).unwrap().job_interval_seconds, 3600);
        let file: FileConfig = toml::from_str("job_interval_seconds = 600").unwrap();
        assert_eq!(Config::from_parts(file, env_of(&[])).unwrap().job_interval_seconds, 600);
        let config = Config::from_parts(FileConfig::default(), env_of(&[("WAGEGUARD_JOB_INTERVAL", "2")])).unwrap();
        assert_eq!(config.job_interval_seconds, 2);
        assert!(Config::from_parts(FileConfig::default(), env_of(&[("WAGEGUARD_JOB_INTERVAL", "0")])).is_err());
        assert!(Config::from_parts(FileConfig::default(), env_of(&[("WAGEGUARD_JOB_INTERVAL", "hourly")])).is_err());
    }

    #[test]
    fn trusted_proxies_and_rate_limits_come_from_the_file_or_the_environment() {
        let file: FileConfig =
            toml::from_str("trusted_proxies = [\"10.0.0.2\"]\n[rate_limits]\nlogin_per_minute = 5\n").unwrap();
        let config = Config::from_parts(file, env_of(&[])).unwrap();
        assert_eq!(config.trusted_proxies, vec!["10.0.0.2".parse::<IpAddr>().unwrap()]);
        assert_eq!(config.rate_limits.login_per_minute, 5);
        assert_eq!(config.rate_limits.public_per_minute, RateLimitConfig::default().public_per_minute);
        let config =
            Config::from_parts(FileConfig::default(), env_of(&[("WAGEGUARD_TRUSTED_PROXIES", "127.0.0.1, ::1")]))
                .unwrap();
        assert_eq!(config.trusted_proxies.len(), 2);
        assert!(Config::from_parts(FileConfig::default(), env_of(&[("WAGEGUARD_TRUSTED_PROXIES", "nginx")])).is_err());
    }

    #[test]
    fn a_wrong_captcha_switch_is_refused() {
        assert!(Config::from_parts(FileConfig::default(), env_of(&[("WAGEGUARD_CAPTCHA", "maybe")])).is_err());
    }

    #[test]
    fn unknown_keys_in_the_file_are_refused() {
        assert!(toml::from_str::<FileConfig>("colour = 1").is_err());
    }

    #[test]
    fn the_example_file_is_a_valid_configuration_of_the_defaults() {
        let file: FileConfig = toml::from_str(include_str!("../../wageguard.example.toml")).unwrap();
        let config = Config::from_parts(file, env_of(&[])).unwrap();
        assert_eq!(config.rate_limits, RateLimitConfig::default());
        assert_eq!(config.security.max_failed_logins, SecurityConfig::default().max_failed_logins);
        assert!(config.trusted_proxies.is_empty());
        assert_eq!(config.warnings.idle_attendance_days, WarningConfig::default().idle_attendance_days);
        assert_eq!(config.warnings.minimum_wage_of("4101,410105"), 210_000);
        assert_eq!(config.warnings.minimum_wage_of("4208,420802"), 190_000);
    }
}
