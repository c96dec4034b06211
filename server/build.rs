// Rebuild when the console build changes, so the release binary embeds the current console, and when a
// migration changes, since `sqlx::migrate!` embeds them and cargo does not watch them by itself.
fn main() {
    println!("cargo:rerun-if-changed=../web/dist");
    println!("cargo:rerun-if-changed=migrations");
}
