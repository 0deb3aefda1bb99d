//! The letter-value games end to end: Ruzzle with bonus cells, Wordament
//! with special tiles and printed values, custom schemes from the command
//! line and from a TOML file, and the errors around them. The examples are
//! the README's, checked by hand (the sums are in the comments).

use crate::common::{boggle, run_cmd};
use serde_json::Value;

fn run(args: &[&str], stdin: Option<&str>, code: i32) -> (String, String) {
    let mut cmd = boggle();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let (status, stdout, stderr) = run_cmd(&mut cmd);
    assert_eq!(
        status, code,
        "boggle {args:?}: exit status\nstdout: {stdout}\nstderr: {stderr}"
    );
    (stdout, stderr)
}

fn json(args: &[&str]) -> Value {
    let (stdout, _) = run(args, None, 0);
    serde_json::from_str(&stdout).expect("JSON")
}

/// The word's (score, path) in a solve's JSON.
fn word(v: &Value, w: &str) -> (u64, Vec<(u64, u64)>) {
    let found = v["words"]
        .as_array()
        .expect("words")
        .iter()
        .find(|x| x["word"] == w)
        .unwrap_or_else(|| panic!("{w} not found"));
    let path = found["path"]
        .as_array()
        .expect("path")
        .iter()
        .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
        .collect();
    (found["score"].as_u64().unwrap(), path)
}

const BOARD: &str = "oatr ihps htnr enei";
const BONUS: &str = "...T/.t../.D../....";

#[test]
fn ruzzle_keeps_the_best_path_not_the_first() {
    // Every path scores alike without bonuses: the first one found is
    // reported, from the t at row 1, column 3.
    let plain = json(&["--scoring", "letters", "--json", BOARD]);
    let (score, first) = word(&plain, "tho");
    assert_eq!(score, 1 + 4 + 1); // t1 h4 o1
    assert_eq!(first, [(0, 2), (1, 1), (0, 0)]);
    // With a triple letter on the h and a double word on the other t, the
    // word scores (1 + 3x4 + 1) x 2 = 28 through that t; the first path
    // gives 1 + 12 + 1 = 14.
    let v = json(&["--scoring", "ruzzle", "--bonus", BONUS, "--json", BOARD]);
    assert_eq!(v["scoring"], "ruzzle");
    assert_eq!(v["bonus"], BONUS);
    assert_eq!(word(&v, "tho"), (28, vec![(2, 1), (1, 1), (0, 0)]));
    // Ruzzle's length bonus: `haptene` (7 letters) takes the h on the
    // triple letter and the t on the double word: (h 4x3, a1 p4 t1 e1 n1
    // e1) = 21 (Ruzzle's English p is 4, Scrabble's 3), x2 = 42, plus 15
    // for 7 letters.
    let (score, path) = word(&v, "haptene");
    assert_eq!(
        path,
        [(1, 1), (0, 1), (1, 2), (2, 1), (3, 0), (3, 1), (3, 2)]
    );
    assert_eq!(score, 57);
    let total: u64 = v["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["score"].as_u64().unwrap())
        .sum();
    assert_eq!(v["score"].as_u64(), Some(total));
    // Bonuses are per cell: the same grid in one run reads the same.
    let run16 = json(&[
        "-s",
        "ruzzle",
        "--bonus",
        "...T.t...D......",
        "--json",
        BOARD,
    ]);
    assert_eq!(run16["score"], v["score"]);
}

#[test]
fn wordament_tiles_prefix_suffix_either_or_and_printed_values() {
    let board = "[re-]ads pl[a/e]y ote[-ing:13] srni";
    let v = json(&["--scoring", "wordament", "--json", board]);
    // re- p l a/e y -ing: (re 2+1, p 4, l 3, a 2, y 5, printed 13) = 30,
    // x2.5 for 9 letters = 75.
    assert_eq!(
        word(&v, "replaying"),
        (75, vec![(0, 0), (1, 0), (1, 1), (1, 2), (1, 3), (2, 3)])
    );
    // 3 + 4 + 3 + 2 + 5 = 17, x2 for 6 letters.
    assert_eq!(word(&v, "replay").0, 34);
    // 3 + 3 + 2 + 5 = 13, x1.5 for 5 letters, rounded down: 19.
    assert_eq!(word(&v, "relay").0, 19);
    // The either/or tile reads `a` here: p4 l3 e1 a2.
    assert_eq!(word(&v, "plea"), (10, vec![(1, 0), (1, 1), (2, 2), (1, 2)]));
    // A prefix tile only starts a word, a suffix tile only ends one.
    for w in v["words"].as_array().unwrap() {
        let path = w["path"].as_array().unwrap();
        for (k, p) in path.iter().enumerate() {
            let cell = (p[0].as_u64().unwrap(), p[1].as_u64().unwrap());
            assert!(
                cell != (0, 0) || k == 0,
                "{w}: the prefix tile inside a word"
            );
            assert!(
                cell != (2, 3) || k + 1 == path.len(),
                "{w}: the suffix tile inside a word"
            );
        }
    }
    // The board text keeps the tiles and the printed value.
    assert_eq!(v["board"], "[re-]ads/pl[a/e]y/ote[-ing:13]/srni");
    // Shown in the terminal as the game prints them.
    let (text, _) = run(
        &["--scoring", "wordament", "--show", "replaying", board],
        None,
        0,
    );
    assert!(
        text.contains("Re-") && text.contains("-Ing") && text.contains("A/E"),
        "{text}"
    );
}

#[test]
fn custom_schemes_from_the_command_line_and_a_file() {
    // letters+TABLE is ruzzle's arithmetic without its name: with Ruzzle's
    // English values given, on an English board; with the pack's own, on a
    // Dutch one (Ruzzle's Dutch values are not used).
    const RUZZLE_EN: &str = "a=1,b=4,c=4,d=2,e=1,f=4,g=3,h=4,i=1,j=10,k=5,l=1,m=3,n=1,\
                             o=1,p=4,q=10,r=1,s=1,t=1,u=2,v=4,w=4,x=8,y=4,z=10";
    let table = "letters+5=5,6=10,7=15,8=20,9+=25";
    let a = json(&[
        "-s",
        table,
        "--letter-values",
        RUZZLE_EN,
        "--bonus",
        BONUS,
        "--json",
        BOARD,
    ]);
    let b = json(&["-s", "ruzzle", "--bonus", BONUS, "--json", BOARD]);
    assert_eq!(a["score"], b["score"]);
    let scrabble = json(&["-s", table, "--bonus", BONUS, "--json", BOARD]);
    assert!(scrabble["score"].as_u64() < b["score"].as_u64());
    let nl = [
        "--lang",
        "nl",
        "--bonus",
        BONUS,
        "--json",
        "EICE JAAI VSKR BREP",
    ];
    let a = json(&[&["-s", table][..], &nl[..]].concat());
    let b = json(&[&["-s", "ruzzle"][..], &nl[..]].concat());
    assert_eq!(a["score"], b["score"]);
    // Letter values given on the command line imply the letters scheme.
    let v = json(&["--letter-values", "t=10,h=1,o=1", "--json", BOARD]);
    assert_eq!(v["scoring"], "letters");
    assert_eq!(word(&v, "tho").0, 12);
    // A scheme file.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.toml");
    std::fs::write(
        &file,
        "name = \"doubles\"\nmin_len = 3\nvalues = { t = 2, h = 3, o = 5 }\nmultiplier = \"3=2\"\nlength_bonus = \"3=1\"\n",
    )
    .unwrap();
    let v = json(&["-s", file.to_str().unwrap(), "--json", BOARD]);
    assert_eq!(v["scoring"], "doubles");
    assert_eq!(word(&v, "tho").0, (2 + 3 + 5) * 2 + 1);
    // Names come before files: a scheme file called `boggle` in the working
    // directory leaves `-s boggle` the Boggle scheme, while a file whose
    // name is no scheme's is read without `.toml`.
    let scheme = std::fs::read_to_string(&file).unwrap();
    std::fs::write(dir.path().join("boggle"), &scheme).unwrap();
    std::fs::write(dir.path().join("doubles"), &scheme).unwrap();
    let in_dir = |args: &[&str]| -> Value {
        let mut cmd = boggle();
        cmd.current_dir(dir.path()).args(args);
        let (status, stdout, stderr) = run_cmd(&mut cmd);
        assert_eq!(status, 0, "{stderr}");
        serde_json::from_str(&stdout).unwrap()
    };
    let named = in_dir(&["-s", "boggle", "--json", BOARD]);
    assert_eq!(named["scoring"], "boggle");
    assert_eq!(
        named["score"],
        json(&["-s", "boggle", "--json", BOARD])["score"]
    );
    assert_eq!(
        in_dir(&["-s", "doubles", "--json", BOARD])["scoring"],
        "doubles"
    );
    assert_eq!(
        in_dir(&["-s", "./boggle", "--json", BOARD])["scoring"],
        "doubles"
    );
}

#[test]
fn batch_and_best_take_the_schemes_and_the_grid() {
    let (out, _) = run(
        &["batch", "-s", "ruzzle", "--bonus", BONUS],
        Some("oatrihpshtnrenei\nabc/def\n"),
        1,
    );
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let single = json(&["-s", "ruzzle", "--bonus", BONUS, "--json", BOARD]);
    assert_eq!(lines[0]["score"], single["score"]);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("bonus grid is 4x4"),
        "{}",
        lines[1]
    );
    let (out, _) = run(
        &[
            "best",
            "-s",
            "ruzzle",
            "--bonus",
            "d..T/..../.D../t...",
            "--iterations",
            "3000",
            "--seed",
            "7",
            "--json",
            "-j",
            "1",
        ],
        None,
        0,
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    let top = &v["boards"][0];
    assert!(top["score"].as_u64().unwrap() > 0, "{v}");
    // The best board scores what solve gives it under the same grid.
    let board = top["board"].as_str().unwrap();
    let again = json(&[
        "-s",
        "ruzzle",
        "--bonus",
        "d..T/..../.D../t...",
        "--json",
        board,
    ]);
    assert_eq!(again["score"], top["score"]);
}

#[test]
fn misuse_is_a_usage_error_naming_the_problem() {
    let (_, err) = run(&["--bonus", BONUS, BOARD], None, 2);
    assert!(err.contains("--scoring ruzzle"), "{err}");
    let (_, err) = run(
        &["-s", "ruzzle", "--bonus", "d..T/..x./..../....", BOARD],
        None,
        2,
    );
    assert!(err.contains("row 2, column 3"), "{err}");
    let (_, err) = run(&["-s", "ruzzle", "--bonus", "d..T/....", BOARD], None, 2);
    assert!(
        err.contains("the bonus grid is 2x4 but the board is 4x4"),
        "{err}"
    );
    let (_, err) = run(&["-s", "boggle", "--letter-values", "a=1", BOARD], None, 2);
    assert!(err.contains("letter-value scheme"), "{err}");
    let (_, err) = run(&["-s", "nope.toml", BOARD], None, 2);
    assert!(err.contains("nope.toml"), "{err}");
    let (_, err) = run(&["[re--]bcd"], None, 2);
    assert!(err.contains("row 1, column 1"), "{err}");
}

/// A game's round from the command line: the same seed, the same board
/// and bonus cells; solved, it scores with those bonus cells; flags that
/// would change the game are usage errors.
#[test]
fn game_rounds_roll_and_solve_with_their_bonus_cells() {
    let a = json(&["roll", "--game", "ruzzle", "--seed", "42", "--json"]);
    let b = json(&["roll", "--game", "ruzzle", "--seed", "42", "--json"]);
    assert_eq!(a, b);
    let bonus = a["bonus"].as_str().expect("a Ruzzle round has bonus cells");
    let marks: String = bonus.chars().filter(|c| "dtDT".contains(*c)).collect();
    assert_eq!(marks.len(), 5, "{bonus}");
    assert_eq!(
        (a["rows"].as_u64(), a["scoring"].as_str()),
        (Some(4), Some("ruzzle"))
    );
    let board = a["board"].as_str().unwrap();
    let solved = json(&[
        "roll", "--game", "ruzzle", "--seed", "42", "--solve", "--json",
    ]);
    let by_hand = json(&["--scoring", "ruzzle", "--bonus", bonus, "--json", board]);
    assert_eq!(solved["score"], by_hand["score"]);
    assert_eq!(solved["board"], a["board"]);
    // Boggle's round for a seed is the 1987 dice's roll for it.
    let boggle = json(&["roll", "--game", "boggle", "--seed", "42", "--json"]);
    let dice = json(&["roll", "--dice", "1987", "--seed", "42", "--json"]);
    if boggle["attempts"] == 1 {
        assert_eq!(boggle["board"], dice["board"]);
    }
    // A game's rules solve a given board.
    let big = json(&["--game", "big", "--json", "perslatgsineters"]);
    assert_eq!(
        (big["scoring"].as_str(), big["min_len"].as_u64()),
        (Some("big-boggle"), Some(4))
    );
    for bad in [
        &["roll", "--game", "ruzzle", "--size", "5x5"][..],
        &["roll", "--game", "big", "--dice", "classic"],
        &["--game", "big", "--scoring", "boggle", "abcd"],
        &["roll", "--game", "chess"],
    ] {
        let (_, stderr) = run(bad, None, 2);
        assert_eq!(stderr.lines().count(), 1, "{bad:?}: {stderr}");
    }
    let custom = json(&[
        "roll",
        "--game",
        "custom",
        "--size",
        "5x5",
        "--scoring",
        "ruzzle",
        "--seed",
        "3",
        "--json",
    ]);
    assert_eq!(
        (custom["rows"].as_u64(), custom["scoring"].as_str()),
        (Some(5), Some("ruzzle"))
    );
}

/// The daily round: a game, a date and the pack's language make one board
/// for everyone (the seed `solve::game::Game::daily_seed` gives), another
/// the next day and in another language; a date that is not one is a usage
/// error, as is --daily without a game.
#[test]
fn the_daily_round_is_one_board_a_date() {
    let day = json(&[
        "roll",
        "--game",
        "boggle",
        "--daily",
        "2026-12-01",
        "--json",
    ]);
    let again = json(&[
        "roll",
        "--game",
        "boggle",
        "--daily",
        "2026-12-01",
        "--json",
    ]);
    assert_eq!(day, again);
    let game = solve::game::Game::named("boggle").unwrap();
    let seed = game.daily_seed("2026-12-01".parse().unwrap(), "en");
    assert_eq!(day["seed"].as_u64(), Some(seed));
    let by_seed = json(&[
        "roll",
        "--game",
        "boggle",
        "--seed",
        &seed.to_string(),
        "--json",
    ]);
    assert_eq!(day["board"], by_seed["board"]);
    let next = json(&[
        "roll",
        "--game",
        "boggle",
        "--daily",
        "2026-12-02",
        "--json",
    ]);
    assert_ne!(day["board"], next["board"]);
    let dutch = json(&[
        "roll",
        "--game",
        "boggle",
        "--daily",
        "2026-12-01",
        "--lang",
        "nl",
        "--json",
    ]);
    assert_ne!(day["seed"], dutch["seed"]);
    for bad in [
        &["roll", "--game", "boggle", "--daily", "2026-02-30"][..],
        &["roll", "--game", "boggle", "--daily", "tomorrow"],
        &["roll", "--daily", "2026-12-01"],
        &[
            "roll",
            "--game",
            "boggle",
            "--daily",
            "2026-12-01",
            "--seed",
            "4",
        ],
    ] {
        let (_, stderr) = run(bad, None, 2);
        assert_eq!(stderr.lines().count(), 1, "{bad:?}: {stderr}");
    }
}

/// A match's rounds: each its own board, rolled from the match's seed (the
/// seed `solve::game::Game::match_seed` gives, which `--seed` alone
/// reproduces); a round out of range, or --match-round without a game or a
/// seed, is a usage error in one line.
#[test]
fn a_match_rolls_its_rounds_from_one_seed() {
    let round = |r: &str| {
        json(&[
            "roll",
            "--game",
            "ruzzle",
            "--seed",
            "42",
            "--match-round",
            r,
            "--json",
        ])
    };
    let (first, second, third) = (round("1"), round("2"), round("3"));
    assert_eq!(first, round("1"));
    assert!(first["board"] != second["board"] && second["board"] != third["board"]);
    let game = solve::game::Game::named("ruzzle").unwrap();
    let seed = game.match_seed(42, 2).unwrap();
    assert_eq!(second["seed"].as_u64(), Some(seed));
    let by_seed = json(&[
        "roll",
        "--game",
        "ruzzle",
        "--seed",
        &seed.to_string(),
        "--json",
    ]);
    assert_eq!(
        (&second["board"], &second["bonus"]),
        (&by_seed["board"], &by_seed["bonus"])
    );
    for bad in [
        &[
            "roll",
            "--game",
            "ruzzle",
            "--seed",
            "42",
            "--match-round",
            "0",
        ][..],
        &[
            "roll",
            "--game",
            "ruzzle",
            "--seed",
            "42",
            "--match-round",
            "10",
        ],
        &["roll", "--game", "ruzzle", "--match-round", "1"],
        &["roll", "--seed", "42", "--match-round", "1"],
        &[
            "roll",
            "--game",
            "ruzzle",
            "--daily",
            "2026-12-01",
            "--seed",
            "4",
            "--match-round",
            "1",
        ],
    ] {
        let (_, stderr) = run(bad, None, 2);
        assert_eq!(stderr.lines().count(), 1, "{bad:?}: {stderr}");
    }
}
