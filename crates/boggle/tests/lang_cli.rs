//! `boggle roll` with a pack that carries no dice: frequency dice sized to
//! the board, with `ñ` faces (a Spanish pack built from a tiny list).

use std::io::Write;
use std::path::{Path, PathBuf};

use prep::{Pack, PackBuilder, Recipe};
use serde_json::Value;
use solve::random::DiceSet;
use solve::FaceRules;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    let mut f = std::fs::File::create(&path).unwrap();
    f.write_all(text.as_bytes()).unwrap();
    path
}

#[test]
fn roll_uses_frequency_dice_sized_to_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let lines = [
        "año", "años", "niño", "niña", "caña", "baño", "señor", "sueño", "mañana", "paño", "leña",
        "peña", "piña", "moño", "daño", "casa", "mesa", "perro", "gato", "luna", "tierra", "agua",
        "queso", "libro", "mano",
    ];
    let list = write(dir.path(), "es.txt", &(lines.join("\n") + "\n"));
    let pack_path = dir.path().join("es.pack");
    PackBuilder::new(Recipe::builtin("es").unwrap())
        .build_file(&list, &pack_path)
        .unwrap();
    let pack = Pack::open(&pack_path).unwrap();
    let faces = FaceRules::from_pack(&pack).unwrap();
    let mut boards_with_enye = 0;
    for (args, rows, cols) in [
        (vec![], 4, 4),
        (vec!["--dice", "frequency"], 4, 4),
        (vec!["--size", "5"], 5, 5),
        (vec!["--size", "3x5"], 3, 5),
    ] {
        let dice = DiceSet::frequency_for_board(&pack, rows * cols)
            .unwrap()
            .board_faces(&faces)
            .unwrap();
        assert_eq!(dice.len(), rows * cols);
        for seed in 0..12 {
            let out = crate::common::boggle()
                .arg("roll")
                .arg("--pack")
                .arg(&pack_path)
                .args(&args)
                .args(["--seed", &seed.to_string(), "--json"])
                .assert()
                .success()
                .get_output()
                .stdout
                .clone();
            let j: Value = serde_json::from_slice(&out).unwrap();
            assert_eq!(j["dice"], "frequency", "{args:?}");
            assert_eq!(j["letters"], Value::Null);
            assert_eq!(
                (j["rows"].as_u64(), j["cols"].as_u64()),
                (Some(rows as u64), Some(cols as u64))
            );
            let board = faces.parse(j["board"].as_str().unwrap()).unwrap();
            let cells = crate::common::cells_of(&board);
            // One die a cell: the board is exactly the dice, each used once.
            assert!(
                crate::common::cells_match_dice(&cells, &dice),
                "{args:?} seed {seed}: {cells:?}"
            );
            if cells.iter().any(|c| c.as_deref() == Some("ñ")) {
                boards_with_enye += 1;
            }
        }
    }
    assert!(boards_with_enye > 0, "no ñ on 48 rolled boards");
}
