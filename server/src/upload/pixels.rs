//! The size an image claims, read from its header (PNG `IHDR`, a JPEG's frame header, a GIF's logical screen)
//! without decoding it: a few hundred bytes of PNG may claim 60,000 × 60,000 pixels, which whatever decodes it
//! (the console's browser, an office viewer of an export) would have to allocate — 14 GB. Such an image is
//! refused on upload; one whose header cannot be read is left to the type check, as before.

/// The most pixels an uploaded image may claim: a 100-megapixel camera's photo.
pub const MAX_PIXELS: u64 = 100_000_000;
pub const MSG_TOO_MANY_PIXELS: &str = "文件内容超过限制：图片不能超过 1 亿像素";

/// Width and height as the header states them.
pub fn dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    let be32 = |at: usize| bytes.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.get(12..16) == Some(b"IHDR") {
        return Some((be32(16)?, be32(20)?));
    }
    if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        let le16 = |at: usize| bytes.get(at..at + 2).map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])));
        return Some((le16(6)?, le16(8)?));
    }
    if bytes.starts_with(&[0xFF, 0xD8]) {
        return jpeg_dimensions(bytes);
    }
    None
}

/// The first frame header's size, walking the markers from the start of the image.
fn jpeg_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    let be16 = |at: usize| bytes.get(at..at + 2).map(|b| u32::from(u16::from_be_bytes([b[0], b[1]])));
    let mut at = 2;
    loop {
        if *bytes.get(at)? != 0xFF {
            return None;
        }
        let marker = *bytes.get(at + 1)?;
        match marker {
            // Fill bytes before a marker.
            0xFF => at += 1,
            // Markers without a length: restart markers, TEM, SOI.
            0x01 | 0xD0..=0xD8 => at += 2,
            // The start of scan or the end of the image with no frame header before it.
            0xD9 | 0xDA => return None,
            // Start of frame (not DHT C4, JPG C8, DAC CC): length, precision, height, width.
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => return Some((be16(at + 7)?, be16(at + 5)?)),
            _ => at += 2 + usize::try_from(be16(at + 2)?).ok()?,
        }
    }
}

/// Refuses an image that claims more than `MAX_PIXELS`.
pub fn check(bytes: &[u8]) -> Result<(), &'static str> {
    match dimensions(bytes) {
        Some((width, height)) if u64::from(width) * u64::from(height) > MAX_PIXELS => Err(MSG_TOO_MANY_PIXELS),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        bytes.extend_from_slice(&width.to_be_bytes());
        bytes.extend_from_slice(&height.to_be_bytes());
        bytes.extend_from_slice(b"\x08\x06\0\0\0");
        bytes
    }

    #[test]
    fn headers_tell_the_size() {
        assert_eq!(dimensions(&png(60_000, 60_000)), Some((60_000, 60_000)));
        assert_eq!(dimensions(b"GIF89a\x10\x27\x20\x4e\0\0"), Some((10_000, 20_000)));
        let jpeg = b"\xFF\xD8\xFF\xE0\x00\x04ab\xFF\xFF\xC2\x00\x11\x08\x0b\xb8\x0f\xa0\x03";
        assert_eq!(dimensions(jpeg), Some((4_000, 3_000)));
        assert_eq!(dimensions(b"\xFF\xD8\xFF\xDA\x00\x08"), None, "a scan before any frame header");
        assert_eq!(dimensions(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), None, "cut short");
        assert_eq!(dimensions(b"%PDF-1.7"), None);
    }

    #[test]
    fn an_image_claiming_too_many_pixels_is_refused() {
        assert_eq!(check(&png(60_000, 60_000)), Err(MSG_TOO_MANY_PIXELS));
        assert_eq!(check(&png(10_000, 10_001)), Err(MSG_TOO_MANY_PIXELS));
        assert_eq!(check(&png(10_000, 10_000)), Ok(()));
        assert_eq!(check(b"\x89PNG\r\n\x1a\n"), Ok(()));
    }
}
