//! The OpenAPI document describes refusals (issue 12, finding 7): a fuzzer once found 114 replies whose
//! `data: null` the document did not allow. Every operation, refused (no session, a wrong side), answers an
//! envelope that its documented HTTP 200 JSON reply admits; `{side}` is documented as builder or finance.

use axum::body::Body;
use axum::http::{Request, header};
use serde_json::Value;

use crate::both;
use crate::support::TestApp;

fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            resolve(document, &document["components"]["schemas"][reference.trim_start_matches("#/components/schemas/")])
        }
        None => schema,
    }
}

/// Whether a schema admits JSON null.
fn admits_null(document: &Value, schema: &Value) -> bool {
    let schema = resolve(document, schema);
    let alternatives = ["oneOf", "anyOf"].iter().filter_map(|key| schema[*key].as_array()).flatten();
    match &schema["type"] {
        Value::String(kind) => kind == "null",
        Value::Array(kinds) => kinds.iter().any(|kind| kind == "null"),
        _ => alternatives.clone().any(|alternative| admits_null(document, alternative)) || alternatives.count() == 0,
    }
}

/// Whether a schema admits this refusal envelope (its code listed, its null data allowed).
fn admits_refusal(document: &Value, schema: &Value, reply: &Value) -> bool {
    let schema = resolve(document, schema);
    if let Some(alternatives) = schema["oneOf"].as_array() {
        return alternatives.iter().any(|alternative| admits_refusal(document, alternative, reply));
    }
    let code = &schema["properties"]["code"];
    let code_listed = code["enum"].as_array().is_none_or(|codes| codes.contains(&reply["code"]));
    code_listed
        && schema["properties"]["message"]["type"] == "string"
        && admits_null(document, &schema["properties"]["data"])
}

async fn every_refusal_is_documented(app: &TestApp) {
    let document = app.get("/api/openapi.json", None).await;
    let token = app.login("demo", "Demo@12345").await;
    let mut refusals = 0;
    let mut undocumented = Vec::new();
    // The terminals' protocol answers plain text (robustness.rs and iclock.rs check its refusals).
    for (template, operations) in
        document["paths"].as_object().unwrap().iter().filter(|(path, _)| !path.starts_with("/iclock/"))
    {
        for (method, operation) in operations.as_object().unwrap() {
            let documented = &operation["responses"]["200"]["content"]["application/json"]["schema"];
            let sides: &[&str] = if template.contains("{side}") { &["builder", "nobody"] } else { &["builder"] };
            for side in sides {
                let path = template.replace("{side}", side).replace("{name}", "missing.png");
                // Without a session, and for a wrong side with one (Logout would end it: not sent with one).
                let tokens: &[Option<&str>] =
                    if *side == "nobody" && !template.ends_with("Logout") { &[None, Some(&token)] } else { &[None] };
                for token in tokens {
                    let mut request = Request::builder()
                        .method(method.to_uppercase().as_str())
                        .uri(&path)
                        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
                    if let Some(token) = token {
                        request = request.header("X-Token", *token);
                    }
                    let (status, reply) = app.send(request.body(Body::empty()).unwrap()).await;
                    assert_eq!(status, 200, "{method} {path}: {reply}");
                    if *side == "nobody" && token.is_some() {
                        assert_eq!(reply["code"], 404, "{method} {path}: a wrong side is not found: {reply}");
                    }
                    if reply["code"] == 201 {
                        continue;
                    }
                    refusals += 1;
                    assert!(reply["data"].is_null(), "{method} {path}: a refusal carries no data: {reply}");
                    if !admits_refusal(&document, documented, &reply) {
                        undocumented.push(format!("{method} {path}: {reply}"));
                    }
                }
            }
            if template.contains("{side}") {
                let side = operation["parameters"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find(|parameter| parameter["name"] == "side")
                    .unwrap();
                assert_eq!(side["schema"]["enum"], serde_json::json!(["builder", "finance"]), "{method} {template}");
            }
        }
    }
    eprintln!("{} refusals checked against the document", refusals);
    assert!(refusals > 150, "{refusals} refusals");
    assert!(
        undocumented.is_empty(),
        "{} of {refusals} refusals not described by the document:\n{}",
        undocumented.len(),
        undocumented.join("\n")
    );
}
both!(every_refusal_is_documented);
