//! The workspace's cross-crate suites, one module a suite, in one test
//! binary (one link, one harness whose tests run side by side): the
//! brute-force oracle against the solver, the packs, the prover, dice,
//! records, the documentation's links and the rules of the source.

mod common;

mod crafted_packs;
mod dice_sets;
mod docs_links;
mod everyday_words;
mod lang_packs;
mod letter_scoring;
mod module_circles;
mod prep_props;
mod prove;
mod prove_predict;
mod records;
mod solve_bruteforce;
mod solve_reference;
mod source_rules;
mod versions;
