//! Image captchas: one use, five minutes, stored in the database so any instance can check them.

use base64::Engine;

use super::repo;
use crate::clock;
use crate::db::Db;
use crate::envelope::ApiError;

const LIFETIME_SECONDS: i64 = 300;
/// Letters and digits that cannot be confused with each other.
const ALPHABET: &[char] = &[
    'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'M', 'N', 'P', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z', '2',
    '3', '4', '5', '6', '7', '8', '9',
];

pub struct NewCaptcha {
    pub id: String,
    pub answer: String,
    /// `data:image/png;base64,…`
    pub image: String,
}

fn draw() -> anyhow::Result<(String, Vec<u8>)> {
    let mut captcha = captcha::Captcha::new();
    captcha
        .set_chars(ALPHABET)
        .add_chars(4)
        .apply_filter(captcha::filters::Noise::new(0.15))
        .apply_filter(captcha::filters::Wave::new(1.5, 8.0))
        .view(150, 50);
    captcha.as_tuple().ok_or_else(|| anyhow::anyhow!("captcha rendering failed"))
}

/// Draws a captcha and stores its answer; also sweeps expired ones.
pub async fn issue(db: &Db) -> Result<NewCaptcha, ApiError> {
    let (answer, png) = tokio::task::spawn_blocking(draw).await.map_err(anyhow::Error::from)??;
    let id = uuid::Uuid::new_v4().simple().to_string();
    let now = clock::now();
    repo::insert_captcha(db, &id, &answer.to_ascii_uppercase(), now, now + LIFETIME_SECONDS).await?;
    let image = format!("data:image/png;base64,{}", base64::engine::general_purpose::STANDARD.encode(png));
    Ok(NewCaptcha { id, answer, image })
}

/// Consumes the captcha `id` (whatever the answer: one try per image) and checks `answer`, ignoring case.
pub async fn check(db: &Db, id: &str, answer: &str) -> Result<(), ApiError> {
    if id.is_empty() || id.len() > 64 {
        return Err(ApiError::refused("验证码已失效，请刷新后重试"));
    }
    match repo::take_captcha(db, id).await? {
        Some((expected, expires_at)) if expires_at > clock::now() => {
            if expected.eq_ignore_ascii_case(answer.trim()) {
                Ok(())
            } else {
                Err(ApiError::refused("验证码错误"))
            }
        }
        _ => Err(ApiError::refused("验证码已失效，请刷新后重试")),
    }
}

/// The answer of a stored captcha; lets tests solve the image they were given.
pub async fn answer_of(db: &Db, id: &str) -> sqlx::Result<Option<String>> {
    repo::captcha_answer(db, id).await
}
