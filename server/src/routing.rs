//! Case-insensitive API paths: the spec spells some paths two ways (`public/Message`, `Public/get`), so a
//! request path is rewritten to the documented spelling of the route it matches, ignoring case.

use axum::http::{Request, Uri};

pub struct CanonicalPaths {
    templates: Vec<Vec<String>>,
}

impl CanonicalPaths {
    /// `templates` are the documented paths, e.g. `/{side}/common/v1/Public/get`.
    pub fn new<'a>(templates: impl IntoIterator<Item = &'a String>) -> CanonicalPaths {
        let mut templates: Vec<Vec<String>> =
            templates.into_iter().map(|t| t.split('/').map(str::to_owned).collect()).collect();
        // Literal routes win over parameterised ones.
        templates.sort_by_key(|segments| segments.iter().filter(|s| s.starts_with('{')).count());
        CanonicalPaths { templates }
    }

    pub fn canonical(&self, path: &str) -> Option<String> {
        let segments: Vec<&str> = path.split('/').collect();
        let template = self.templates.iter().find(|template| {
            template.len() == segments.len()
                && template
                    .iter()
                    .zip(&segments)
                    .all(|(pattern, actual)| pattern.starts_with('{') || pattern.eq_ignore_ascii_case(actual))
        })?;
        let rewritten: Vec<&str> = template
            .iter()
            .zip(&segments)
            .map(|(pattern, actual)| if pattern.starts_with('{') { *actual } else { pattern.as_str() })
            .collect();
        Some(rewritten.join("/"))
    }

    pub fn rewrite<B>(&self, mut request: Request<B>) -> Request<B> {
        let Some(canonical) = self.canonical(request.uri().path()) else { return request };
        if canonical == request.uri().path() {
            return request;
        }
        let path_and_query = match request.uri().query() {
            Some(query) => format!("{canonical}?{query}"),
            None => canonical,
        };
        let mut parts = request.uri().clone().into_parts();
        if let Ok(value) = path_and_query.parse() {
            parts.path_and_query = Some(value);
            if let Ok(uri) = Uri::from_parts(parts) {
                *request.uri_mut() = uri;
            }
        }
        request
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_to_the_documented_spelling() {
        let templates =
            vec!["/{side}/common/v1/public/Message".to_owned(), "/builder/common/v1/Public/login".to_owned()];
        let paths = CanonicalPaths::new(&templates);
        assert_eq!(paths.canonical("/builder/common/v1/Public/message").unwrap(), "/builder/common/v1/public/Message");
        assert_eq!(paths.canonical("/finance/COMMON/v1/public/message").unwrap(), "/finance/common/v1/public/Message");
        assert_eq!(paths.canonical("/builder/common/v1/public/LOGIN").unwrap(), "/builder/common/v1/Public/login");
        assert!(paths.canonical("/builder/common/v1/public/nothing").is_none());
    }
}
