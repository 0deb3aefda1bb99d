//! `boggle roll` with a real Spanish pack (Debian's `wspanish`, which has no
//! dice): the command line rolls the pack's frequency dice.
//!
//! ```text
//! apt-get install wspanish      # .ci/run does this
//! cargo test -p boggle --release --test lang_reference -- --ignored
//! ```

use std::path::Path;

use prep::{PackBuilder, Recipe};
use serde_json::Value;
use solve::random::DiceSet;
use solve::FaceRules;

#[test]
#[ignore = "needs /usr/share/dict/spanish (apt-get install wspanish; .ci/run installs it)"]
fn the_command_line_rolls_frequency_dice_of_a_pack_without_dice() {
    let list = Path::new("/usr/share/dict/spanish");
    assert!(
        list.is_file(),
        "{} is missing: apt-get install wspanish",
        list.display()
    );
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("lang_reference_cli");
    std::fs::create_dir_all(&dir).expect("the scratch directory");
    let path = dir.join("spanish.pack");
    let meta = PackBuilder::new(Recipe::builtin("spanish").unwrap())
        .build_file(list, &path)
        .expect("the Spanish pack builds");
    let pack = prep::Pack::open(&path).expect("the pack opens");
    assert_eq!(pack.len() as u64, meta.word_count);
    let es = DiceSet::frequency_for_board(&pack, 16).unwrap();
    // The command line rolls them for a pack without dice.
    let out = crate::common::boggle()
        .args(["roll", "--seed", "7", "--json", "--pack"])
        .arg(&path)
        .output()
        .expect("boggle runs");
    let j: Value = serde_json::from_slice(&crate::common::ok_stdout(out, "boggle roll")).unwrap();
    assert_eq!(j["dice"], "frequency");
    let board = FaceRules::from_pack(&pack)
        .unwrap()
        .parse(j["board"].as_str().unwrap())
        .unwrap();
    let faces = es
        .board_faces(&FaceRules::from_pack(&pack).unwrap())
        .unwrap();
    assert!(crate::common::cells_match_dice(
        &crate::common::cells_of(&board),
        &faces
    ));
}
