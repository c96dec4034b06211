//! Chinese administrative divisions (province → city → county → township) for the registration wizard:
//! the registration-area cascader, the supervising-district (管辖划分) tree, the project-location tree
//! and the map dialog's district search. Read-only reference data embedded in the binary (`data.rs`);
//! no login needed.

pub mod data;

use std::sync::LazyLock;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use data::{Area, Areas, Level, areas};

use crate::envelope::{ApiError, ApiResult, Envelope, ok};
use crate::extract::Params;
use crate::state::AppState;

pub const MSG_UNKNOWN_CODE: &str = "地区编码不存在";
pub const MSG_NAME_REQUIRED: &str = "请输入地区名称";
pub const MSG_NAME_TOO_LONG: &str = "地区名称不能超过20个字";
/// Longest name the search accepts, in characters.
pub const MAX_NAME_CHARS: usize = 20;
/// Most hits the search answers.
pub const SEARCH_LIMIT: usize = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register_place))
        .routes(routes!(supervising_districts))
        .routes(routes!(project_areas))
        .routes(routes!(search_areas))
}

/// An antd Cascader option.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AreaOption {
    /// The division's code: 2 digits for a province, 4 a city, 6 a county, 9 a township.
    pub value: &'static str,
    /// The division's name.
    pub label: &'static str,
    /// The divisions under this one; absent on a leaf and in lazy answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(no_recursion)]
    pub children: Option<Vec<AreaOption>>,
    /// Only in lazy answers (`registerplace?code=`): true when the option has nothing under it to load.
    #[serde(rename = "isLeaf", skip_serializing_if = "Option::is_none")]
    pub is_leaf: Option<bool>,
}

/// The option of `area` with everything under it down to `deepest`.
pub fn option_tree(areas: &'static Areas, area: &'static Area, deepest: Level) -> AreaOption {
    let children: Vec<AreaOption> = if area.level < deepest {
        areas.children(area).map(|child| option_tree(areas, child, deepest)).collect()
    } else {
        Vec::new()
    };
    AreaOption {
        value: area.code,
        label: area.name,
        children: (!children.is_empty()).then_some(children),
        is_leaf: None,
    }
}

/// The option of `area` alone, for lazy loading.
fn lazy_option(areas: &'static Areas, area: &'static Area, deepest: Level) -> AreaOption {
    let is_leaf = area.level >= deepest || areas.children(area).next().is_none();
    AreaOption { value: area.code, label: area.name, children: None, is_leaf: Some(is_leaf) }
}

/// The divisions of level `top` at or under `scope` (`scope` itself when it is already that deep).
pub fn tops(areas: &'static Areas, scope: &'static Area, top: Level) -> Vec<&'static Area> {
    if scope.level >= top {
        return vec![scope];
    }
    areas.children(scope).flat_map(|child| tops(areas, child, top)).collect()
}

/// The site's own division (`[site] areacode`).
fn site_area(state: &AppState) -> Result<&'static Area, ApiError> {
    areas().resolve(&state.config.site.areacode).ok_or_else(|| ApiError::refused(MSG_UNKNOWN_CODE))
}

fn tree_under(scope: &'static Area, top: Level) -> Vec<AreaOption> {
    let areas = areas();
    tops(areas, scope, top).into_iter().map(|area| option_tree(areas, area, Level::Township)).collect()
}

static REGISTER_TREE: LazyLock<Vec<AreaOption>> =
    LazyLock::new(|| areas().provinces().map(|province| option_tree(areas(), province, Level::County)).collect());

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RegisterPlaceQuery {
    /// Optional: answer only the children of this division (lazy loading), each with `isLeaf`.
    /// Accepts 2/4/6 digits and the padded forms `410000`, `410100`.
    code: Option<String>,
}

/// The registration-area cascader (province → city → county). Without `code`, the whole tree; with
/// `code`, only that division's children (empty under a county).
#[utoipa::path(get, path = "/builder/common/v1/Area/registerplace", tag = "area", params(RegisterPlaceQuery),
    responses((status = 200, body = Envelope<Vec<AreaOption>>)))]
async fn register_place(Params(query): Params<RegisterPlaceQuery>) -> ApiResult<Vec<AreaOption>> {
    let code = query.code.as_deref().map(str::trim).unwrap_or("");
    if code.is_empty() {
        return Ok(ok(REGISTER_TREE.clone()));
    }
    let areas = areas();
    let area = areas.resolve(code).ok_or_else(|| ApiError::refused(MSG_UNKNOWN_CODE))?;
    if area.level >= Level::County {
        return Ok(ok(Vec::new()));
    }
    Ok(ok(areas.children(area).map(|child| lazy_option(areas, child, Level::County)).collect()))
}

/// The supervising districts (管辖划分, the project's DistrictCode) under the site's area
/// (`[site] areacode`): the city (4 digits) → its counties (6) → their townships (9). A site configured
/// at province level answers its cities; at county level, that county.
#[utoipa::path(post, path = "/builder/common/v1/Area/guanxia_list", tag = "area",
    responses((status = 200, body = Envelope<Vec<AreaOption>>)))]
async fn supervising_districts(State(state): State<AppState>) -> ApiResult<Vec<AreaOption>> {
    Ok(ok(tree_under(site_area(&state)?, Level::City)))
}

/// The project-location tree (所属区域: selectedOptions, its last value is DistrictCcode) under the
/// site's area: counties (6 digits) → townships (9).
#[utoipa::path(post, path = "/builder/common/v1/Area/jmarea", tag = "area",
    responses((status = 200, body = Envelope<Vec<AreaOption>>)))]
async fn project_areas(State(state): State<AppState>) -> ApiResult<Vec<AreaOption>> {
    Ok(ok(tree_under(site_area(&state)?, Level::County)))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AreaSearchQuery {
    /// Part of a division's name, 1–20 characters.
    name: Option<String>,
}

/// A division found by name.
#[derive(Debug, Serialize, ToSchema)]
pub struct AreaHit {
    /// The division's code (2/4/6/9 digits).
    pub code: &'static str,
    pub name: &'static str,
    /// 1 province, 2 city, 3 county, 4 township.
    pub level: u8,
    /// The codes from the province down to this division.
    pub path: Vec<&'static str>,
    /// The names from the province down, joined by `/`: `河南省/郑州市/金水区`.
    pub path_name: String,
}

/// Divisions whose name contains `name` (the map dialog's district search), at most 20: those in the
/// site's area first, then provinces before cities before counties before townships.
#[utoipa::path(get, path = "/builder/common/v1/Area/search", tag = "area", params(AreaSearchQuery),
    responses((status = 200, body = Envelope<Vec<AreaHit>>)))]
async fn search_areas(
    State(state): State<AppState>,
    Params(query): Params<AreaSearchQuery>,
) -> ApiResult<Vec<AreaHit>> {
    let name = query.name.as_deref().map(str::trim).unwrap_or("");
    if name.is_empty() {
        return Err(ApiError::refused(MSG_NAME_REQUIRED));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::refused(MSG_NAME_TOO_LONG));
    }
    let areas = areas();
    let site = areas.resolve(&state.config.site.areacode);
    let hits = areas
        .search(name, site, SEARCH_LIMIT)
        .into_iter()
        .map(|area| {
            let path = areas.path(area);
            AreaHit {
                code: area.code,
                name: area.name,
                level: area.level.depth(),
                path_name: path.iter().map(|a| a.name).collect::<Vec<_>>().join("/"),
                path: path.iter().map(|a| a.code).collect(),
            }
        })
        .collect();
    Ok(ok(hits))
}
