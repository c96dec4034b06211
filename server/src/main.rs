use std::io::IsTerminal;

use clap::Parser;
use tracing_subscriber::EnvFilter;

// Every request allocates its rows, JSON and headers on one thread and frees some on another; glibc's
// allocator spent a sixth of the roster's time under load (docs/decisions.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info")),
        )
        .with_writer(std::io::stderr)
        // A log file or journal gets plain text; colours only on a terminal.
        .with_ansi(std::io::stderr().is_terminal())
        .init();
    wageguard::cli::run(wageguard::cli::Cli::parse()).await
}
