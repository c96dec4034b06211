//! The contract templates' text: the placeholders a body may use (`{{工人姓名}}` …), the check that refuses
//! an unknown or unclosed one, filling a body with a worker's values, and the default 建筑施工劳动合同 every
//! project may use.

pub const MSG_UNCLOSED: &str = "合同正文中的占位符缺少结束的“}}”";

/// A placeholder and what it stands for (the editor lists them with this text).
pub struct Placeholder {
    pub name: &'static str,
    pub meaning: &'static str,
}

/// Every placeholder, in the order the editor lists them.
pub const PLACEHOLDERS: [Placeholder; 18] = [
    Placeholder { name: "工人姓名", meaning: "乙方（工人）姓名" },
    Placeholder { name: "性别", meaning: "男 / 女" },
    Placeholder { name: "身份证号", meaning: "乙方身份证号码" },
    Placeholder { name: "联系电话", meaning: "乙方手机号码" },
    Placeholder { name: "住址", meaning: "身份证上的住址" },
    Placeholder { name: "工种", meaning: "花名册登记的工种" },
    Placeholder { name: "班组", meaning: "所在班组" },
    Placeholder { name: "班组长", meaning: "所在班组的班组长（劳务负责人）" },
    Placeholder { name: "班组长电话", meaning: "班组长的联系电话" },
    Placeholder { name: "计薪方式", meaning: "日薪 / 月薪" },
    Placeholder { name: "工资标准", meaning: "现行工资标准，元，两位小数" },
    Placeholder { name: "发薪日", meaning: "每月发放工资的日期" },
    Placeholder { name: "进场日期", meaning: "进场日期" },
    Placeholder { name: "合同开始日期", meaning: "合同期限起（未登记时为进场日期）" },
    Placeholder { name: "合同结束日期", meaning: "合同期限止（未登记时为本工程完工之日）" },
    Placeholder { name: "项目名称", meaning: "本项目名称" },
    Placeholder { name: "用工单位", meaning: "甲方：乙方所属的参建单位" },
    Placeholder { name: "签订日期", meaning: "生成合同的日期" },
];

/// The message refusing an unknown placeholder.
pub fn msg_unknown(name: &str) -> String {
    format!("合同正文中有未知的占位符“{{{{{name}}}}}”，请从占位符列表中选择")
}

/// The placeholders of `body` in order of appearance, each checked against the list. An unknown one answers
/// its own message; an opening `{{` without its `}}` is refused too.
pub fn placeholders_in(body: &str) -> Result<Vec<&str>, String> {
    let mut found = Vec::new();
    let mut rest = body;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let end = after.find("}}").ok_or_else(|| MSG_UNCLOSED.to_owned())?;
        let name = &after[..end];
        if !PLACEHOLDERS.iter().any(|placeholder| placeholder.name == name) {
            return Err(msg_unknown(name.trim()));
        }
        found.push(name);
        rest = &after[end + 2..];
    }
    Ok(found)
}

/// `body` with every placeholder replaced by its value in `values` (placeholder name → value). The body
/// passed `placeholders_in`; a placeholder without a value stays empty.
pub fn fill(body: &str, values: &[(&'static str, String)]) -> String {
    let mut filled = String::with_capacity(body.len() + 256);
    let mut rest = body;
    while let Some(start) = rest.find("{{") {
        filled.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            filled.push_str(&rest[start..]);
            return filled;
        };
        let name = &after[..end];
        if let Some((_, value)) = values.iter().find(|(placeholder, _)| *placeholder == name) {
            filled.push_str(value);
        }
        rest = &after[end + 2..];
    }
    filled.push_str(rest);
    filled
}

/// The default template: a simple labour contract for construction work (建筑施工劳动合同).
pub const DEFAULT_BODY: &str = "建筑施工劳动合同

甲方（用人单位）：{{用工单位}}
工程项目：{{项目名称}}
班组长（劳务负责人）：{{班组长}}　联系电话：{{班组长电话}}

乙方（劳动者）：{{工人姓名}}　性别：{{性别}}
身份证号码：{{身份证号}}
住址：{{住址}}
联系电话：{{联系电话}}

根据《中华人民共和国劳动法》《中华人民共和国劳动合同法》《保障农民工工资支付条例》等法律法规，甲乙双方遵循合法、公平、平等自愿、协商一致、诚实信用的原则，订立本合同。

第一条　合同期限
本合同为以完成一定工作任务为期限的劳动合同，期限自{{合同开始日期}}起至{{合同结束日期}}止。乙方于{{进场日期}}进场。

第二条　工作内容和工作地点
乙方在{{项目名称}}从事{{工种}}工作，编入{{班组}}。乙方应按照甲方的安排和施工规范，按时、按质、按量完成工作任务。

第三条　劳动报酬
一、乙方的工资标准为{{计薪方式}}{{工资标准}}元，按实际出勤计算。
二、甲方按月足额支付乙方工资，每月发薪日为{{发薪日}}，通过本项目的农民工工资专用账户直接发放至乙方本人的工资卡，不得以班组长或其他人代领，不得以实物或有价证券代替。
三、甲方每月向乙方提供工资清单，乙方有权查询本人的出勤和工资发放情况。

第四条　工作时间和休息休假
甲方执行国家规定的工时制度，每日工作时间不超过8小时，每周至少休息一日。因工程需要安排加班的，应与乙方协商，并依法支付加班工资。乙方享有国家规定的法定节假日。

第五条　劳动保护和安全生产
一、甲方应对乙方进行安全生产教育和岗位技能培训，提供符合国家规定的劳动安全卫生条件和必要的劳动防护用品。
二、乙方应遵守安全操作规程和施工现场管理制度，正确佩戴和使用劳动防护用品，拒绝违章指挥和强令冒险作业。

第六条　社会保险
甲方依法为乙方参加工伤保险等社会保险，乙方因工负伤或患职业病的，依法享受工伤保险待遇。

第七条　合同的解除和终止
一、双方协商一致，可以解除本合同。
二、乙方提前三日通知甲方，可以解除本合同。
三、有法律规定的情形之一的，甲方可以解除本合同。
四、工作任务完成时本合同终止。合同解除或终止时，甲方应在乙方退场后五日内结清乙方工资。

第八条　争议处理
因履行本合同发生争议的，双方可以协商解决；协商不成的，可以向劳动争议调解组织申请调解，或向劳动人事争议仲裁委员会申请仲裁，也可以向劳动保障监察机构投诉。

第九条　其他
本合同一式两份，甲乙双方各执一份，经双方签字（盖章）后生效。

甲方（盖章）：{{用工单位}}　　　　　　　　乙方（签字）：
代表人（签字）：　　　　　　　　　　　　　按手印：
签订日期：{{签订日期}}　　　　　　　　　　签订日期：{{签订日期}}
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_template_uses_only_known_placeholders_and_all_of_the_worker_s() {
        let used = placeholders_in(DEFAULT_BODY).expect("the default template passes its own check");
        for placeholder in PLACEHOLDERS {
            assert!(used.contains(&placeholder.name), "the default template uses {{{{{}}}}}", placeholder.name);
        }
    }

    #[test]
    fn unknown_and_unclosed_placeholders_are_refused() {
        assert_eq!(placeholders_in("甲方{{用工单位}}，乙方{{工人姓名}}"), Ok(vec!["用工单位", "工人姓名"]));
        assert_eq!(placeholders_in("{{工资}}"), Err(msg_unknown("工资")));
        assert_eq!(placeholders_in("乙方{{工人姓名"), Err(MSG_UNCLOSED.to_owned()));
        assert_eq!(placeholders_in("没有占位符"), Ok(vec![]));
    }

    #[test]
    fn filling_replaces_every_placeholder() {
        let values = [("工人姓名", "张三".to_owned()), ("工资标准", "350.00".to_owned())];
        assert_eq!(fill("乙方{{工人姓名}}，{{工资标准}}元；{{工人姓名}}", &values), "乙方张三，350.00元；张三");
    }
}
