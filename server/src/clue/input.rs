//! What the leads' forms and lists share: the messages, the limits, the sources and the labels.

use crate::domain::Invalid;

pub const MSG_NAME_REQUIRED: &str = "请填写姓名";
pub const MSG_PHONE: &str = "请填写正确的11位手机号码";
pub const MSG_PROJECT_REQUIRED: &str = "请选择欠薪项目";
pub const MSG_PROJECT: &str = "所选项目不存在或未通过审核";
pub const MSG_EMPLOYER: &str = "请填写欠薪单位或班组（100字以内）";
pub const MSG_AMOUNT: &str = "请填写正确的欠薪金额（大于0，最多两位小数）";
pub const MSG_MONTHS: &str = "请填写欠薪月数（1-120的整数）";
pub const MSG_DESCRIPTION: &str = "请填写情况描述（1000字以内）";
pub const MSG_TOO_MANY_PHOTOS: &str = "最多上传5张照片";
pub const MSG_TOO_OFTEN: &str = "提交过于频繁，请稍后再试";
pub const MSG_UNKNOWN_RECEIPT: &str = "未查到该线索，请核对受理编号和手机号码";
pub const MSG_SEARCH_NAME: &str = "请输入项目名称（50字以内）";
pub const MSG_SEARCH_LIMIT: &str = "每页条数应为1-20";
pub const MSG_NOT_FOUND: &str = "线索不存在";
pub const MSG_ADMIN_ONLY: &str = "仅监管部门账号可以处理欠薪线索";
pub const MSG_BUILDER_ONLY: &str = "仅项目账号可以反馈欠薪线索";
pub const MSG_STATUS: &str = "请选择正确的状态";
pub const MSG_SOURCE: &str = "请选择正确的来源";
pub const MSG_NOT_PENDING: &str = "该线索已派发，不能重复派发";
pub const MSG_NOT_AWAITING_FEEDBACK: &str = "该线索当前不需要反馈";
pub const MSG_NOT_AWAITING_REVIEW: &str = "该线索当前没有待审核的反馈";
pub const MSG_FEEDBACK: &str = "请填写反馈内容（1000字以内）";
pub const MSG_REMARK: &str = "请填写退回意见（500字以内）";
pub const MSG_ANSWER: &str = "请填写办结答复（1000字以内）";
pub const MSG_ATTACHMENT: &str = "请上传本项目的图片或附件";
pub const MSG_TOO_MANY_ATTACHMENTS: &str = "最多上传5个附件";
pub const MSG_SUBMITTED: &str = "提交成功";
pub const MSG_DISPATCHED: &str = "派发成功";
pub const MSG_FEEDBACK_SAVED: &str = "反馈成功";
pub const MSG_RETURNED: &str = "已退回";
pub const MSG_ACCEPTED: &str = "已办结";
/// Photos a report, and attachments a feedback, may carry.
pub const MAX_FILES: usize = 5;
/// Projects one page of the public search holds at most.
pub const SEARCH_MAX_LIMIT: i64 = 20;
pub(super) const TEXT_MAX: usize = 1000;
pub(super) const SHORT_MAX: usize = 100;
pub(super) const REMARK_MAX: usize = 500;
/// The actor of the public report's step: the worker has no account.
pub const REPORTER: &str = "举报人";
pub(crate) const TARGET: &str = "lead";
/// The worker's photos are served from here (`{name}` the stored name), to the regulator and the project.
pub const PHOTO_PREFIX: &str = "/builder/clue/v1/Clue/photo/";

/// Where a lead came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The public page `/clue`.
    Public,
    /// The 12333 hotline, entered by the regulator.
    Hotline,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Public => "public",
            Source::Hotline => "hotline",
        }
    }
}

pub fn source_label(source: &str) -> &'static str {
    match source {
        "public" => "网上举报",
        "hotline" => "12333热线",
        _ => "",
    }
}

pub fn status_label(status: &str) -> &'static str {
    match status {
        "pending" => "待派发",
        "dispatched" => "待反馈",
        "feedback" => "待审核",
        "returned" => "已退回",
        "closed" => "已办结",
        _ => "",
    }
}

pub(super) fn action_label(action: &str) -> &'static str {
    match action {
        "report" => "网上举报",
        "enter" => "热线录入",
        "dispatch" => "派发",
        "feedback" => "项目反馈",
        "return" => "退回",
        "accept" => "办结",
        "assign" => "关联项目",
        "close" => "直接办结",
        _ => "",
    }
}

pub(crate) fn sent(text: &Option<String>) -> &str {
    text.as_deref().map(str::trim).unwrap_or("")
}

pub(super) fn bounded(text: &Option<String>, max: usize, message: &'static str) -> Result<String, Invalid> {
    let text = sent(text);
    if text.is_empty() || text.chars().count() > max { Err(Invalid(message)) } else { Ok(text.to_owned()) }
}
