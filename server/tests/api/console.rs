use axum::body::Body;
use axum::http::Request;

use crate::both;
use crate::support::TestApp;

async fn unknown_api_paths_answer_the_envelope_404(app: &TestApp) {
    for path in ["/builder/nothing/v1/Here/at_all", "/finance/x", "/admin/y", "/api/nothing"] {
        let reply = app.post(path, None, &[]).await;
        assert_eq!(reply["code"], 404, "{path}: {reply}");
        assert_eq!(reply["message"], "接口不存在");
    }
    let wrong_method = app.send(Request::delete("/builder/common/v1/Public/login").body(Body::empty()).unwrap()).await;
    assert_eq!(wrong_method.0, 200);
    assert_eq!(wrong_method.1["code"], 404);
}
both!(unknown_api_paths_answer_the_envelope_404);

async fn console_paths_never_fail(app: &TestApp) {
    for path in ["/", "/login", "/project/projectInfo", "/no/such/page"] {
        let (status, _) = app.send(Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(status, 200, "{path}");
    }
}
both!(console_paths_never_fail);

async fn the_openapi_document_is_served(app: &TestApp) {
    let document = app.get("/api/openapi.json", None).await;
    assert_eq!(document["info"]["title"], "wageguard API");
    assert!(document["paths"]["/builder/common/v1/Public/login"]["post"].is_object());
    assert!(document["paths"]["/{side}/common/v1/Public/get"]["get"].is_object());
}
both!(the_openapi_document_is_served);

#[test]
fn the_console_types_come_from_the_current_openapi_document() {
    let committed = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/src/api/openapi.json"))
        .unwrap_or_default();
    let current = wageguard::openapi_json();
    assert!(
        committed.trim() == current.trim(),
        "web/src/api/openapi.json is out of date: run `cargo run -p wageguard -- openapi > web/src/api/openapi.json && (cd web && npm run gen:api)`"
    );
}
