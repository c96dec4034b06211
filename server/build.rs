// Rebuild when the console build changes, so the release binary embeds the current console.
fn main() {
    println!("cargo:rerun-if-changed=../web/dist");
}
