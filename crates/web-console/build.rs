//! `embed_migrations!` reads the migration directories at compile time; without this, adding a
//! migration would not rebuild the crate, and its binary would carry the old set.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations/postgres/console");
    println!("cargo:rerun-if-changed=../../migrations/sqlite/console");
}
