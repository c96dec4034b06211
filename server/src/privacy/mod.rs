//! Privacy (`/builder/common/v1/Privacy/…`): lists mask ID and wage-card numbers (`domain::mask`); showing
//! one full number in a list is a logged action, this module's one endpoint. Handler here, rules in
//! `service.rs`; the numbers come from the owning area's service, which also checks the scope.

pub mod service;

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::envelope::{ApiResult, Envelope, ok};
use crate::extract::{ClientIp, Params};
use crate::identity::sessions::CurrentAccount;
use crate::state::AppState;
use service::RevealForm;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(reveal))
}

/// The full number behind one masked list cell: `record` (roster: a roster line; worker: a worker of the
/// project, as the ID supplement, training, attendance and 工资核查 lists name them; credit; staff; team;
/// wage_line: a sheet line; payout: a pay line of an order or 异常处理), its `id`, the `field` (id_number;
/// card; current_card of a payout), and for the regulator the `project_id` of a roster, worker, wage_line or
/// payout record. Reads what the account may read (another project's: 404; finance 403) and writes an
/// operation-log line: who, which record, which field (never the number).
#[utoipa::path(post, path = "/builder/common/v1/Privacy/reveal", tag = "privacy",
    params(("X-Token" = String, Header, description = "session token")),
    request_body(content = RevealForm, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, body = Envelope<String>)))]
async fn reveal(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentAccount,
    Params(form): Params<RevealForm>,
) -> ApiResult<String> {
    Ok(ok(service::reveal(&state.db, &current, &ip, &form).await?))
}
