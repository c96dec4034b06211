//! A wage sheet's status as the screens and the operation log name it (the service and the payout both
//! write it).

pub fn sheet_status_label(status: &str) -> &'static str {
    match status {
        "draft" => "未确认",
        "confirmed" => "已确认",
        "partial" => "部分发放",
        "paid" => "已发放",
        _ => "",
    }
}
