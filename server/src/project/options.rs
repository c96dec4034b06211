//! The option lists of the registration forms (spec §3: project_type, money_source_list,
//! industry_department_list, company_type, gcprocess_arr; the builder step's depositmethod). Static
//! tables in the terms Chinese construction supervision uses; a project stores the option's `value`.
//! Values are stable codes: never renumber, only append (docs/decisions.md, "Wizard step 1").

use serde::Serialize;
use utoipa::ToSchema;

/// One choice of a select.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct SelectOption {
    /// The stored code.
    pub value: &'static str,
    /// What the user sees.
    pub label: &'static str,
}

const fn opt(value: &'static str, label: &'static str) -> SelectOption {
    SelectOption { value, label }
}

/// 项目类型 (工程类别), after the categories of the 住建 project registers and the 建造师 specialities.
pub const PROJECT_TYPES: &[SelectOption] = &[
    opt("1", "房屋建筑工程"),
    opt("2", "市政公用工程"),
    opt("3", "公路工程"),
    opt("4", "铁路工程"),
    opt("5", "水利水电工程"),
    opt("6", "电力工程"),
    opt("7", "港口与航道工程"),
    opt("8", "民航机场工程"),
    opt("9", "通信工程"),
    opt("10", "矿山工程"),
    opt("11", "石油化工工程"),
    opt("12", "园林绿化工程"),
    opt("13", "装饰装修工程"),
    opt("14", "城市轨道交通工程"),
    opt("99", "其他工程"),
];

/// 资金来源.
pub const MONEY_SOURCES: &[SelectOption] = &[
    opt("1", "政府投资"),
    opt("2", "国有资金"),
    opt("3", "集体资金"),
    opt("4", "社会投资"),
    opt("5", "外商投资"),
    opt("6", "混合投资"),
    opt("99", "其他"),
];

/// 行业主管部门 (DepartmentIndustryId).
pub const INDUSTRY_DEPARTMENTS: &[SelectOption] = &[
    opt("1", "住建部门"),
    opt("2", "交通运输部门"),
    opt("3", "水利部门"),
    opt("4", "铁路部门"),
    opt("5", "电力（能源）部门"),
    opt("6", "自然资源部门"),
    opt("7", "农业农村部门"),
    opt("8", "通信管理部门"),
    opt("9", "民航部门"),
    opt("99", "其他部门"),
];

/// 单位类型 of the participating units (ProvinceCompanyType of the builder and construction steps).
pub const COMPANY_TYPES: &[SelectOption] =
    &[opt("1", "建设单位"), opt("2", "施工总承包"), opt("3", "专业分包"), opt("4", "劳务分包"), opt("5", "监理单位")];

/// 工程进度 (GcProcess).
pub const GC_PROCESSES: &[SelectOption] = &[opt("1", "未开工"), opt("2", "在建"), opt("3", "停工"), opt("4", "竣工")];

/// 工资保证金缴纳方式 (paytype of the builder step). '321' is the spec's default pay type: cash
/// deposited into the wage-guarantee account, the form 国令724 names first.
pub const DEPOSIT_METHODS: &[SelectOption] =
    &[opt("321", "现金"), opt("322", "银行保函"), opt("323", "工程担保公司保函"), opt("324", "工程保证保险")];

/// 工种 (work types) of teams and workers, after the construction trades of the national occupation
/// classification (国家职业分类大典, 建筑施工人员). Shared by the team and worker forms.
pub const WORK_TYPES: &[SelectOption] = &[
    opt("1", "普工"),
    opt("2", "木工"),
    opt("3", "钢筋工"),
    opt("4", "混凝土工"),
    opt("5", "砌筑工"),
    opt("6", "抹灰工"),
    opt("7", "架子工"),
    opt("8", "电焊工"),
    opt("9", "电工"),
    opt("10", "水暖工"),
    opt("11", "油漆工"),
    opt("12", "防水工"),
    opt("13", "机械操作工"),
    opt("14", "起重信号工"),
    opt("15", "塔式起重机司机"),
    opt("16", "司索工"),
    opt("17", "装饰装修工"),
    opt("18", "管道工"),
    opt("19", "测量放线工"),
    opt("99", "其他"),
];

/// The spec's default pay type.
pub const DEFAULT_PAY_TYPE: &str = "321";

/// Whether `value` is one of `list`'s codes.
pub fn is_known(list: &[SelectOption], value: &str) -> bool {
    list.iter().any(|option| option.value == value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_labels_are_unique_and_the_default_pay_type_exists() {
        for list in [
            PROJECT_TYPES,
            MONEY_SOURCES,
            INDUSTRY_DEPARTMENTS,
            COMPANY_TYPES,
            GC_PROCESSES,
            DEPOSIT_METHODS,
            WORK_TYPES,
        ] {
            let mut values: Vec<_> = list.iter().map(|o| o.value).collect();
            let mut labels: Vec<_> = list.iter().map(|o| o.label).collect();
            values.sort();
            values.dedup();
            labels.sort();
            labels.dedup();
            assert_eq!(values.len(), list.len());
            assert_eq!(labels.len(), list.len());
            assert!(list.iter().all(|o| !o.value.is_empty() && !o.label.is_empty()));
        }
        assert!(is_known(DEPOSIT_METHODS, DEFAULT_PAY_TYPE));
        assert!(!is_known(PROJECT_TYPES, ""));
    }
}
