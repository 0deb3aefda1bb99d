//! Seeing the answer: `boggle solve --show WORD` / `--show-all` path plots
//! (snapshots with and without color), `--svg` pictures read back as XML,
//! `--top` and `--sort`, `boggle packs` with packs installed by
//! `boggle-prep install`, and the generated completions and man pages.
//!
//! Snapshots live in `crates/boggle/tests/snapshots/`; after a deliberate
//! change, review and accept them (`INSTA_UPDATE=always cargo test -p
//! boggle --test show_cli`, then read the diff of the `.snap` files).

use std::collections::BTreeSet;

use crate::common::{boggle, run_cmd, tiny_pack_bytes};
use render::terminal as show;
use serde_json::Value;
use solve::board::Pos;
use solve::{packs, FaceRules, Solver};

const BOARD: &str = "perslatgsineters";

/// Runs `boggle args` with a clean environment for color and packs, and
/// returns (exit code, stdout, stderr).
fn run_env(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = boggle();
    cmd.args(args).env_remove("NO_COLOR").env_remove("TERM");
    for (k, v) in env {
        cmd.env(k, v);
    }
    run_cmd(&mut cmd)
}

fn run(args: &[&str]) -> (i32, String, String) {
    run_env(args, &[])
}

fn ok(args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args);
    assert_eq!(code, 0, "boggle {args:?} failed: {stderr}");
    stdout
}

/// Escapes made visible for snapshot files.
fn visible(text: &str) -> String {
    text.replace('\x1b', "\\e")
}

/// The path the solver finds for `word` on `board` (built-in English).
fn solver_path(board: &str, word: &str) -> (solve::Board, Vec<Pos>) {
    let pack = packs::builtin("en").unwrap();
    let board = FaceRules::from_pack(&pack).unwrap().parse(board).unwrap();
    let solution = Solver::new(&pack).unwrap().solve(&board).unwrap();
    let found = solution.words.iter().find(|w| w.word == word).unwrap();
    (board, found.path.clone())
}

#[test]
fn plot_snapshots_plain_and_colored() {
    let (board, path) = solver_path(BOARD, "plaster");
    insta::assert_snapshot!("plaster_plain", show::plot(&board, &path, false));
    insta::assert_snapshot!("plaster_colour", visible(&show::plot(&board, &path, true)));
}

#[test]
fn cli_show_snapshots() {
    let plain = ok(&[BOARD, "--show", "plaster", "--color", "never"]);
    insta::assert_snapshot!("cli_show_plaster", plain);
    let colored = ok(&[BOARD, "--show", "plaster", "--color", "always"]);
    insta::assert_snapshot!("cli_show_plaster_colour", visible(&colored));
    assert_eq!(show::strip_color(&colored), plain);
    let all = ok(&[
        BOARD,
        "--show-all",
        "--top",
        "4",
        "--sort",
        "length",
        "--color",
        "never",
    ]);
    insta::assert_snapshot!("cli_show_all_top4_length", all);
}

/// Reads the plot back: every step number k sits on the cell of the k-th
/// path position, in capitals; arrows sit between consecutive cells.
/// The token a plot shows for cell `p`: cell lines are the even ones, and
/// cells are the tokens of a line in column order (arrows left out).
fn cell_token(lines: &[Vec<char>], p: Pos) -> String {
    let line: String = lines[2 * p.row as usize].iter().collect();
    let tokens: Vec<&str> = line
        .split(' ')
        .filter(|t| !t.is_empty() && !"→←".contains(*t))
        .collect();
    tokens[p.col as usize].to_string()
}

#[test]
fn plot_puts_each_step_on_its_cell() {
    for word in ["plaster", "argentites", "replastering", "alerting"] {
        let (board, path) = solver_path(BOARD, word);
        let text = show::plot(&board, &path, false);
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        assert_eq!(lines.len(), 2 * board.rows() - 1, "{word}");
        for (k, p) in path.iter().enumerate() {
            let token = cell_token(&lines, *p);
            let face = board
                .face(p.row as usize * board.cols() + p.col as usize)
                .unwrap();
            assert_eq!(
                token,
                format!("{}{}", face.to_uppercase(), k + 1),
                "{word}: step {} at {p:?}\n{text}",
                k + 1
            );
        }
        // Unused cells are lower case, used ones never.
        let used: BTreeSet<Pos> = path.iter().copied().collect();
        for i in 0..board.len() {
            let p = board.pos(i);
            let token = cell_token(&lines, p);
            assert_eq!(
                token.chars().any(|c| c.is_ascii_digit()),
                used.contains(&p),
                "{word}: {p:?} {token}"
            );
        }
        // One arrow per step that does not wrap (none wrap here).
        let arrows = text.chars().filter(|c| "→←↓↑↘↙↗↖".contains(*c)).count();
        let crossings = text.matches('╳').count();
        assert_eq!(arrows + 2 * crossings, path.len() - 1, "{word}\n{text}");
    }
}

#[test]
fn color_follows_flag_no_color_and_pipes() {
    let esc = |s: &str| s.contains('\x1b');
    let base = [BOARD, "--show", "plaster"];
    // Standard output is a pipe here: auto means no color.
    let (_, out, _) = run(&base);
    assert!(!esc(&out), "auto on a pipe colored:\n{out}");
    let (_, out, _) = run_env(
        &[&base[..], &["--color", "always"]].concat(),
        &[("NO_COLOR", "1")],
    );
    assert!(esc(&out), "--color always must win over NO_COLOR");
    let (_, out, _) = run_env(&[&base[..], &["--color", "never"]].concat(), &[]);
    assert!(!esc(&out));
    let (code, _, err) = run(&[&base[..], &["--color", "sometimes"]].concat());
    assert_eq!(code, 2, "{err}");
}

#[test]
fn show_words_on_and_off_the_board() {
    // Typed in any case.
    let out = ok(&[BOARD, "--show", "PLASTER", "--color", "never"]);
    assert!(out.starts_with("plaster  7 letters, 5 points\n"), "{out}");
    // On the board but not a word: drawn, with a note.
    let (code, out, err) = run(&[BOARD, "--show", "elp", "--color", "never"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("E1") && out.contains("L2") && out.contains("P3"),
        "{out}"
    );
    assert!(err.contains("not a word"), "{err}");
    // Not on the board: the others are drawn, then exit 1.
    let (code, out, err) = run(&[BOARD, "--show", "zebra", "--show", "plaster"]);
    assert_eq!(code, 1);
    assert!(out.contains("T5 → E6 → R7"), "{out}");
    assert_eq!(err.trim(), "boggle: zebra is not on this board");
    // A letter outside the alphabet is a usage error.
    let (code, _, err) = run(&[BOARD, "--show", "pl4ster"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    // --show and --json do not mix.
    assert_eq!(run(&[BOARD, "--show", "plaster", "--json"]).0, 2);
}

/// The center of each die, by its `data-cell`.
fn die_centers(doc: &roxmltree::Document) -> Vec<(Pos, f64, f64)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("die"))
        .map(|n| {
            let num = |a| n.attribute(a).unwrap().parse::<f64>().unwrap();
            let (r, c) = n.attribute("data-cell").unwrap().split_once(',').unwrap();
            let pos = Pos {
                row: r.parse().unwrap(),
                col: c.parse().unwrap(),
            };
            (
                pos,
                num("x") + num("width") / 2.0,
                num("y") + num("height") / 2.0,
            )
        })
        .collect()
}

fn nearest(centers: &[(Pos, f64, f64)], x: f64, y: f64) -> Pos {
    centers
        .iter()
        .min_by(|a, b| {
            let da = (a.1 - x).hypot(a.2 - y);
            let db = (b.1 - x).hypot(b.2 - y);
            da.total_cmp(&db)
        })
        .unwrap()
        .0
}

/// Checks a rendered SVG of `word`'s path: 16 dice with the board's letters,
/// one arrow per step from the k-th die towards the (k+1)-th, badges
/// numbered 1..=N each on its die.
fn check_svg(svg: &str, board: &solve::Board, path: &[Pos], title: &str) {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(texts.contains(&title), "title {title:?} in {texts:?}");
    let centers = die_centers(&doc);
    assert_eq!(centers.len(), board.len());
    let arrows: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("arrow"))
        .collect();
    assert_eq!(arrows.len(), path.len() - 1);
    for (k, arrow) in arrows.iter().enumerate() {
        let num = |a| arrow.attribute(a).unwrap().parse::<f64>().unwrap();
        assert_eq!(
            nearest(&centers, num("x1"), num("y1")),
            path[k],
            "arrow {k} tail"
        );
        assert_eq!(
            nearest(&centers, num("x2"), num("y2")),
            path[k + 1],
            "arrow {k} head"
        );
        assert_eq!(arrow.attribute("marker-end"), Some("url(#head)"));
    }
    let badges: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("step"))
        .collect();
    assert_eq!(badges.len(), path.len());
    for (k, badge) in badges.iter().enumerate() {
        let num = |a| badge.attribute(a).unwrap().parse::<f64>().unwrap();
        assert_eq!(
            nearest(&centers, num("cx"), num("cy")),
            path[k],
            "badge {k}"
        );
        let label = badge.next_sibling_element().and_then(|t| t.text());
        assert_eq!(label, Some((k + 1).to_string().as_str()));
    }
}

#[test]
fn svg_of_plaster_reads_back() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("plaster.svg");
    let (code, out, err) = run(&[
        BOARD,
        "--show",
        "plaster",
        "--svg",
        file.to_str().unwrap(),
        "--color",
        "never",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("P1"), "the terminal plot is still printed");
    let svg = std::fs::read_to_string(&file).unwrap();
    let (board, path) = solver_path(BOARD, "plaster");
    check_svg(&svg, &board, &path, "plaster — 5 points");
}

#[test]
fn svg_directory_for_many_words() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("paths");
    let dir_s = dir.to_str().unwrap();
    let out = ok(&[
        BOARD,
        "--show-all",
        "--top",
        "5",
        "--svg",
        dir_s,
        "--color",
        "never",
    ]);
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files.len(), 6, "{files:?}");
    assert!(files.contains(&"index.html".to_string()));
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    for f in files.iter().filter(|f| f.ends_with(".svg")) {
        assert!(index.contains(&format!("src=\"{f}\"")), "{f} in index");
        let word = f.trim_end_matches(".svg");
        assert!(out.contains(&format!("{word}  ")), "{word} plotted too");
        let (board, path) = solver_path(BOARD, word);
        let svg = std::fs::read_to_string(dir.join(f)).unwrap();
        let score = solve::Scoring::boggle().points(word.chars().count());
        check_svg(&svg, &board, &path, &format!("{word} — {score} points"));
    }
    // Several words into one .svg file, or --svg alone: usage errors.
    let file = tmp.path().join("one.svg");
    let (code, _, err) = run(&[BOARD, "--show-all", "--svg", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&[BOARD, "--svg", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--show"), "{err}");
}

/// A word drawn into a directory that already holds drawings adds to its
/// index instead of replacing it; several words into an existing file that
/// is not an .svg is a usage error naming the file, and the file is kept.
#[test]
fn svg_directory_adds_up_and_a_file_is_not_a_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("paths");
    let dir_s = dir.to_str().unwrap();
    ok(&[
        BOARD, "--show", "plaster", "--show", "stale", "--svg", dir_s,
    ]);
    ok(&[BOARD, "--show", "rest", "--svg", dir_s]);
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    for word in ["plaster", "stale", "rest"] {
        assert!(
            index.contains(&format!("src=\"{word}.svg\"")),
            "{word}: {index}"
        );
        assert!(dir.join(format!("{word}.svg")).is_file(), "{word}");
    }
    let file = tmp.path().join("board.txt");
    std::fs::write(&file, "keep me").unwrap();
    let (code, _, err) = run(&[BOARD, "--show-all", "--svg", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("board.txt") && err.contains("directory"),
        "{err}"
    );
    assert!(!err.contains("File exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
}

#[test]
fn top_and_sort() {
    let json = |extra: &[&str]| -> Value {
        let out = ok(&[&[BOARD, "--json"][..], extra].concat());
        serde_json::from_str(&out).unwrap()
    };
    let all = json(&[]);
    let total = all["word_count"].as_u64().unwrap();
    let words = |v: &Value| -> Vec<(String, u64, u64)> {
        v["words"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| {
                (
                    w["word"].as_str().unwrap().to_string(),
                    w["score"].as_u64().unwrap(),
                    w["len"].as_u64().unwrap(),
                )
            })
            .collect()
    };
    let every = words(&all);
    assert_eq!(every.len() as u64, total);

    let by_len = json(&["--sort", "length", "--top", "5"]);
    assert_eq!(
        by_len["word_count"].as_u64(),
        Some(total),
        "totals count all"
    );
    let mut expected = every.clone();
    expected.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    assert_eq!(words(&by_len), expected[..5]);

    let alpha = json(&["--sort", "alpha", "--top", "7"]);
    let mut expected = every.clone();
    expected.sort();
    assert_eq!(words(&alpha), expected[..7]);

    // The text listing: groups by length, only the first K words.
    let text = ok(&[BOARD, "--sort", "length", "--top", "3"]);
    assert!(
        text.contains(&format!("(the first 3 of {total} words by length)")),
        "{text}"
    );
    // replastering is rare (not in wordfreq's list): marked.
    assert!(
        text.contains("12 letters (1):\n  replastering*\n"),
        "{text}"
    );
    let listed: usize = text
        .lines()
        .skip_while(|l| !l.contains("letters ("))
        .filter(|l| l.starts_with("  "))
        .map(|l| l.split_whitespace().count())
        .sum();
    assert_eq!(listed, 3, "{text}");
    assert_eq!(run(&[BOARD, "--top", "0"]).0, 2);
    assert_eq!(run(&[BOARD, "--sort", "random"]).0, 2);
}

#[test]
fn roll_solve_shows_paths_too() {
    let out = ok(&[
        "roll",
        "--seed",
        "7",
        "--solve",
        "--show-all",
        "--top",
        "2",
        "--color",
        "never",
    ]);
    // Two plots side by side: two titles on one line.
    let titles = out
        .lines()
        .find(|l| l.matches(" pts").count() + l.matches(" pt ").count() >= 2);
    assert!(titles.is_some(), "{out}");
    let (code, _, err) = run(&["roll", "--seed", "7", "--show", "toe"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--solve"), "{err}");
}

#[test]
fn completions_and_man_pages() {
    let bash = ok(&["completions", "bash"]);
    assert!(bash.contains("_boggle()"), "bash");
    for word in ["solve", "roll", "packs", "--show-all", "--svg", "--sort"] {
        assert!(bash.contains(word), "bash completion lacks {word}");
    }
    let zsh = ok(&["completions", "zsh"]);
    assert!(zsh.starts_with("#compdef boggle"), "zsh");
    assert!(zsh.contains("--show-all"), "zsh");
    let fish = ok(&["completions", "fish"]);
    assert!(fish.contains("complete -c boggle"), "fish");
    assert!(
        fish.contains("score") && fish.contains("alpha"),
        "fish knows --sort values"
    );
    assert_eq!(run(&["completions", "tcsh"]).0, 2);

    let man = ok(&["man"]);
    assert!(
        man.contains(".TH boggle 1"),
        "{}",
        &man[..200.min(man.len())]
    );
    for word in ["solve", "packs", "completions"] {
        assert!(man.contains(word), "man page lacks {word}");
    }
    let tmp = tempfile::tempdir().unwrap();
    ok(&["man", "--dir", tmp.path().to_str().unwrap()]);
    for page in ["boggle.1", "boggle-solve.1", "boggle-packs.1"] {
        let text = std::fs::read_to_string(tmp.path().join(page))
            .unwrap_or_else(|e| panic!("{page}: {e}"));
        assert!(text.starts_with(".ie") || text.contains(".TH"), "{page}");
    }
    let solve_page = std::fs::read_to_string(tmp.path().join("boggle-solve.1")).unwrap();
    assert!(
        solve_page.contains("show\\-all"),
        "solve page documents --show-all"
    );
}

/// `boggle-prep install` into `$XDG_DATA_HOME/boggle/packs`, then `boggle
/// packs` lists it and `--lang` finds it.
#[test]
fn packs_installed_and_listed() {
    let tmp = tempfile::tempdir().unwrap();
    let data = tmp.path().join("data");
    let data_s = data.to_str().unwrap();
    let env = [("XDG_DATA_HOME", data_s)];
    let list = |json: bool| -> (String, Value) {
        let args: &[&str] = if json {
            &["packs", "--json"]
        } else {
            &["packs"]
        };
        let (code, out, err) = run_env(args, &env);
        assert_eq!(code, 0, "{err}");
        let v = if json {
            serde_json::from_str(&out).unwrap()
        } else {
            Value::Null
        };
        (out, v)
    };
    // The packs, built-in and installed (the recipes to install follow).
    let names = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .filter(|e| e["origin"] != "recipe")
            .map(|e| {
                format!(
                    "{}:{}",
                    e["name"].as_str().unwrap(),
                    e["origin"].as_str().unwrap()
                )
            })
            .collect()
    };
    let (text, v) = (list(false).0, list(true).1);
    assert_eq!(names(&v), ["en:builtin", "nl:builtin"]);
    assert!(
        text.contains("English (en)") && text.contains("Dutch (nl)"),
        "{text}"
    );
    assert!(text.contains(&format!("{data_s}/boggle/packs")), "{text}");
    // Every language a built-in recipe makes, with its list and the
    // command that installs it.
    let recipes: Vec<&Value> = v
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["origin"] == "recipe")
        .collect();
    assert_eq!(recipes.len(), prep::Recipe::builtin_names().count() - 2);
    let russian = recipes.iter().find(|e| e["name"] == "ru").unwrap();
    assert_eq!(russian["recipe"], "russian");
    assert_eq!(russian["source"], "hunspell-ru");
    assert_eq!(russian["path"], "/usr/share/hunspell/ru_RU.dic");
    assert_eq!(russian["install"], "boggle-prep install --recipe russian");
    assert!(
        text.contains("more languages: boggle-prep install --recipe"),
        "{text}"
    );
    assert!(text.contains("ru     Russian (ru)"), "{text}");

    // A tiny pack with one word on the board below.
    let src = tmp.path().join("tiny.pack");
    std::fs::write(&src, tiny_pack_bytes(&["cab", "dab"], false)).unwrap();
    // Installed as `boggle-prep install` installs (its command line is
    // tested in the boggle-prep crate).
    let dir = prep::PackDir::new(data.join("boggle/packs"));
    dir.install(&src, "tiny", false).unwrap();
    assert!(data.join("boggle/packs/tiny.pack").is_file());

    let (_, v) = list(true);
    assert_eq!(names(&v), ["en:builtin", "nl:builtin", "tiny:installed"]);
    assert_eq!(v[2]["words"].as_u64(), Some(2));

    let (code, out, err) = run_env(&["--lang", "tiny", "cab xyz", "--json"], &env);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let found: Vec<&str> = v["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(found, ["cab"]);

    // An unknown name: exit 2, one line naming what exists.
    let (code, _, err) = run_env(&["--lang", "xx", "abc def"], &env);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("built-in: en, nl") && err.contains("tiny"),
        "{err}"
    );

    // Uninstall: gone from the list and from --lang.
    dir.remove("tiny").unwrap();
    assert_eq!(names(&list(true).1), ["en:builtin", "nl:builtin"]);
    assert_eq!(run_env(&["--lang", "tiny", "abc"], &env).0, 2);
}
