use super::*;
use serde_json::{json, Value};

// The calls' answers as JSON, as the page reads them.
fn as_json<T: Serialize>(answer: Result<T, String>) -> Result<Value, String> {
    answer.map(|a| serde_json::to_value(a).unwrap())
}
fn load_pack_bytes(b: &[u8]) -> Result<Value, String> {
    as_json(super::load_pack_bytes(b))
}
fn solve_request(b: &[u8]) -> Result<Value, String> {
    as_json(super::solve_request(b))
}
fn contains_request(b: &[u8]) -> Result<Value, String> {
    as_json(super::contains_request(b))
}
fn roll_request(b: &[u8]) -> Result<Value, String> {
    as_json(super::roll_request(b))
}
fn round_request(b: &[u8]) -> Result<Value, String> {
    as_json(super::round_request(b))
}
fn spell_request(b: &[u8]) -> Result<Value, String> {
    as_json(super::spell_request(b))
}
fn games_list() -> Value {
    serde_json::to_value(super::games_list()).unwrap()
}

/// The engine's TypeScript types, from [`api`]: written to the file
/// `WEB_API_TYPES` names (`npm run build` in web/ sets it to the npm
/// package's `packages/wordgrid/src/api.ts`, which the page imports), so
/// that a field renamed in Rust fails the page's type check.
#[test]
fn api_types() {
    use ts_rs::TS;
    let decls = [
        api::PackInfo::decl(),
        api::PackStream::decl(),
        api::SolveRequest::decl(),
        api::Word::decl(),
        api::Tally::decl(),
        api::Solution::decl(),
        api::ContainsRequest::decl(),
        api::Contains::decl(),
        api::RollRequest::decl(),
        api::Rolled::decl(),
        api::Games::decl(),
        api::GameInfo::decl(),
        api::RoundRequest::decl(),
        api::RoundInfo::decl(),
        api::SpellRequest::decl(),
        api::Spelled::decl(),
        solve::game::Choice::decl(),
        solve::game::Catalog::decl(),
        api::Counted::decl(),
        api::VerdictKind::decl(),
        api::PlayOpen::decl(),
        api::PlayRound::decl(),
        api::PlayTry::decl(),
        api::Tried::decl(),
        api::PlayEnd::decl(),
        api::PlayEnded::decl(),
        api::Failure::decl(),
    ];
    let mut text = solve::ts::declarations(
        "// The solver module's requests and answers, generated from\n\
         // crates/web/src/api.rs by `cargo test -p boggle-web --lib api_types`\n\
         // (which `npm run build` runs): edit the Rust, not this file.\n",
        &decls,
    );
    // The calls, from the module's own table: each export by its name.
    text.push_str(
        "\n/** Each call of the module (crates/web/src/calls.rs): its request and answer. */\n\
         export interface Calls {\n",
    );
    for call in crate::CALLS {
        // A type the table names is one of those above (or bytes).
        for ty in [call.request, call.answer] {
            let named = ty.chars().all(|c| c.is_ascii_alphanumeric());
            assert!(
                !named || ty == "ArrayBuffer" || text.contains(&format!("type {ty} =")),
                "{}: no type {ty}",
                call.name
            );
        }
        text.push_str(&format!(
            "  {}: {{ request: {}; answer: {} }};\n",
            call.name, call.request, call.answer
        ));
    }
    text.push_str("}\n");
    // The library's catalog, as data: the page builds its selects from it.
    text.push_str(&format!(
        "\n/** What a player may choose (solve::game::catalog): every select of the page is built from it. */\n\
         export const CATALOG: Catalog = {};\n",
        serde_json::to_string(&solve::game::catalog()).unwrap()
    ));
    // A generated field is never `bigint`: JSON.parse gives numbers.
    assert!(!text.contains("bigint"), "{text}");
    solve::ts::check_or_write("packages/wordgrid/src/api.ts", "WEB_API_TYPES", &text).unwrap();
}

fn tiny_pack() -> Vec<u8> {
    let recipe = prep::Recipe::builtin("enable").unwrap();
    prep::PackBuilder::new(recipe)
        .build_bytes(b"tea\neat\nate\ntee\ntat\n", "tiny.txt")
        .unwrap()
        .0
}

#[test]
fn load_solve_and_roll_through_json() {
    let info = load_pack_bytes(&tiny_pack()).unwrap();
    let id = info["id"].as_str().unwrap().to_string();
    assert_eq!(info["words"], 5);
    let req = json!({ "board": "te/ax", "pack": id });
    let answer = solve_request(req.to_string().as_bytes()).unwrap();
    let words: Vec<&str> = answer["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["word"].as_str().unwrap())
        .collect();
    assert_eq!(words, ["ate", "eat", "tea"]);
    assert_eq!(answer["score"], 3);
    assert_eq!(answer["cells"], json!(["t", "e", "a", "x"]));
    assert_eq!(answer["words"][0]["path"], json!([[1, 0], [0, 0], [0, 1]]));
    // No diagonals: a-t-e still spells "ate"; "eat" and "tea" need the
    // e-a diagonal.
    let req = json!({ "board": "te/ax", "pack": id, "neighbors": "no-diag" });
    let answer = solve_request(req.to_string().as_bytes()).unwrap();
    assert_eq!(answer["word_count"], 1);
    assert_eq!(answer["words"][0]["word"], "ate");
    // Errors are one line, never a panic.
    for bad in [
        json!({ "board": "t1/ax", "pack": id }),
        json!({ "board": "te/ax", "pack": "nope" }),
        json!({ "board": "te/ax", "pack": id, "scoring": "zzz" }),
        json!({ "board": "te/ax", "pack": id, "min_len": 0 }),
    ] {
        let e = solve_request(bad.to_string().as_bytes()).unwrap_err();
        assert!(!e.contains('\n'), "{e}");
    }
    assert!(solve_request(b"not json").is_err());
    // A minimum length is a whole number from 1, whatever the page sends;
    // an error names no place in the request's JSON.
    for bad in [json!(0), json!(-1), json!(2.5)] {
        let req = json!({ "board": "te/ax", "pack": id, "min_len": bad });
        let e = solve_request(req.to_string().as_bytes()).unwrap_err();
        assert_eq!(
            e,
            format!("the minimum length is a whole number from 1 (not {bad})")
        );
    }
    let req = json!({ "board": "te/ax", "pack": id, "min_len": 4 });
    assert_eq!(
        solve_request(req.to_string().as_bytes()).unwrap()["min_len"],
        4
    );
    let yes = contains_request(json!({ "pack": id, "word": "TEA" }).to_string().as_bytes());
    assert_eq!(yes.unwrap()["in_pack"], true);
    let no = contains_request(json!({ "pack": id, "word": "tex" }).to_string().as_bytes());
    assert_eq!(no.unwrap()["in_pack"], false);
    assert!(load_pack_bytes(b"not a pack").is_err());
    let rolled = roll_request(
        json!({ "pack": id, "seed": 7, "size": "3x3" })
            .to_string()
            .as_bytes(),
    )
    .unwrap();
    let again = roll_request(
        json!({ "pack": id, "seed": 7, "size": "3x3" })
            .to_string()
            .as_bytes(),
    )
    .unwrap();
    assert_eq!(rolled, again);
    assert_eq!(rolled["board"].as_str().unwrap().split('/').count(), 3);
}

#[test]
fn games_rounds_and_spelled_paths() {
    let list = games_list();
    assert!(list["games"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g["id"] == "ruzzle" && g["bonus"] == true));
    let id = load_pack_bytes(&tiny_pack()).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let req = json!({ "game": "ruzzle", "seed": 42, "pack": id }).to_string();
    let a = round_request(req.as_bytes()).unwrap();
    let b = round_request(req.as_bytes()).unwrap();
    assert_eq!(a, b);
    let pack = Pack::from_vec(tiny_pack(), "tiny").unwrap();
    let expected = Game::named("ruzzle").unwrap().roll(&pack, 42).unwrap();
    assert_eq!(a["bonus"], json!(expected.bonus_text()));
    let custom =
        json!({ "game": "custom", "seed": 1, "size": "5x5", "scoring": "ruzzle", "pack": id });
    let c = round_request(custom.to_string().as_bytes()).unwrap();
    assert_eq!(c["board"].as_str().unwrap().split('/').count(), 5);
    assert!(round_request(
        json!({ "game": "chess", "seed": 1, "pack": id })
            .to_string()
            .as_bytes()
    )
    .is_err());
    let req =
        json!({ "board": "[re-]a/t[-ing]", "pack": id, "path": [[0, 0], [1, 0], [0, 1], [1, 1]] });
    let s = spell_request(req.to_string().as_bytes()).unwrap();
    assert_eq!(s["words"], json!(["retaing"]));
    assert_eq!(s["why"], Value::Null);
    let req = json!({ "board": "[re-]a/t[-ing]", "pack": id, "path": [[1, 0], [0, 0], [9, 9]] });
    let s = spell_request(req.to_string().as_bytes()).unwrap();
    assert_eq!(s["words"], json!(["tre"]));
    assert_eq!(s["why"], "re- may only start a word");
}

/// A peek judges a path as a try would and keeps nothing: the word stays
/// new until it is really tried, and then a peek says "again".
#[test]
fn a_peek_keeps_nothing() {
    let id = load_pack_bytes(&tiny_pack()).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();
    let opened = crate::play::open(
        json!({ "solve": { "board": "te/ax", "pack": id } })
            .to_string()
            .as_bytes(),
    )
    .unwrap();
    let round = opened.round;
    let try_path = |peek: bool| {
        let req = json!({ "round": round, "path": [[1, 0], [0, 0], [0, 1]], "peek": peek });
        as_json(crate::play::judge(req.to_string().as_bytes())).unwrap()
    };
    let peeked = try_path(true);
    assert_eq!(
        (peeked["kind"].as_str(), peeked["text"].as_str()),
        (Some("new"), Some("ate"))
    );
    assert_eq!(try_path(true)["kind"], "new", "a peek kept the word");
    let tried = try_path(false);
    assert_eq!(
        (tried["kind"].as_str(), tried["found"].as_u64()),
        (Some("new"), Some(1))
    );
    let after = try_path(true);
    assert_eq!(
        (after["kind"].as_str(), after["found"].as_u64()),
        (Some("again"), Some(1))
    );
    let typed = json!({ "round": round, "word": "tea", "peek": true });
    let typed = as_json(crate::play::judge(typed.to_string().as_bytes())).unwrap();
    assert_eq!(
        (typed["kind"].as_str(), typed["found"].as_u64()),
        (Some("new"), Some(2))
    );
    let req = json!({ "round": round, "word": "tea" });
    let real = as_json(crate::play::judge(req.to_string().as_bytes())).unwrap();
    assert_eq!(real["found"], 2, "the peek of tea was kept");
}

/// Buffers cross the boundary and come back as they were allocated:
/// requests of every length (0 included) and answers.
#[test]
fn a_compact_pack_loads_as_its_pack() {
    let bytes = tiny_pack();
    let compact = Pack::from_vec(bytes.clone(), "tiny")
        .unwrap()
        .to_compact()
        .unwrap();
    let info = load_pack_bytes(&compact).unwrap();
    assert_eq!(info["words"], 5);
    let id = info["id"].as_str().unwrap();
    let req = json!({ "board": "te/ax", "pack": id });
    let words = solve_request(req.to_string().as_bytes()).unwrap()["word_count"].clone();
    assert_eq!(words, 3);
    // A damaged compact form is a one-line error.
    let mut bad = compact.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    let e = load_pack_bytes(&bad).unwrap_err();
    assert!(e.contains("compact pack") && !e.contains('\n'), "{e}");
}

#[test]
fn a_compact_pack_loads_a_piece_at_a_time() {
    let compact = Pack::from_vec(tiny_pack(), "tiny")
        .unwrap()
        .to_compact()
        .unwrap();
    let begin = |()| super::STATE.with(|s| s.borrow().arriving.len());
    let before = begin(());
    let started = |_: ()| begin_stream(b"{}").unwrap().stream;
    let id = started(());
    assert_eq!(begin(()), before + 1);
    for piece in compact.chunks(5) {
        let mut bytes = id.to_le_bytes().to_vec();
        bytes.extend_from_slice(piece);
        assert_eq!(push_piece(&bytes).unwrap().stream, id);
    }
    let info = end_stream(json!({ "stream": id }).to_string().as_bytes()).unwrap();
    assert_eq!(info.words, 5);
    assert_eq!(begin(()), before, "an ended stream is gone");
    let req = json!({ "board": "te/ax", "pack": info.id });
    assert_eq!(
        solve_request(req.to_string().as_bytes()).unwrap()["word_count"],
        3
    );

    // A damaged piece is a one-line error, and ends its stream.
    let id = started(());
    let mut bad = id.to_le_bytes().to_vec();
    bad.extend_from_slice(b"BOGGLEPK and then some more bytes than a header's 48");
    let e = push_piece(&bad).unwrap_err();
    assert!(e.contains("compact pack") && !e.contains('\n'), "{e}");
    let e = end_stream(json!({ "stream": id }).to_string().as_bytes()).unwrap_err();
    assert_eq!(e, format!("no pack arriving as stream {id}"));
    // A form cut short is an error at its end.
    let id = started(());
    let mut cut = id.to_le_bytes().to_vec();
    cut.extend_from_slice(&compact[..compact.len() - 1]);
    push_piece(&cut).unwrap();
    let e = end_stream(json!({ "stream": id }).to_string().as_bytes()).unwrap_err();
    assert!(e.contains("cut short") || e.contains("corrupt"), "{e}");
    assert!(push_piece(&[1, 2]).unwrap_err().contains("stream's number"));
}

/// Pushes `form` to a new stream in pieces of `size` bytes and ends it.
fn arrive_in_pieces(form: &[u8], size: usize) -> Result<PackInfo, String> {
    let id = begin_stream(b"{}").unwrap().stream;
    for piece in form.chunks(size) {
        let mut bytes = id.to_le_bytes().to_vec();
        bytes.extend_from_slice(piece);
        push_piece(&bytes)?;
    }
    end_stream(json!({ "stream": id }).to_string().as_bytes())
}

/// The site serves compact forms gzipped, and the module unzips them as
/// they come (not the page's main thread): pieces of any size, the gzip
/// header and trailer split anywhere, give the pack the form gives.
#[test]
fn a_gzipped_compact_pack_loads_a_piece_at_a_time() {
    use std::io::Write;
    let compact = Pack::from_vec(tiny_pack(), "tiny")
        .unwrap()
        .to_compact()
        .unwrap();
    let mut zip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    zip.write_all(&compact).unwrap();
    let gz = zip.finish().unwrap();
    assert_eq!(gz[..2], [0x1f, 0x8b]);
    for size in [1, 2, 3, 7, 64, gz.len()] {
        let info = arrive_in_pieces(&gz, size).unwrap();
        assert_eq!(info.words, 5, "pieces of {size}");
        let req = json!({ "board": "te/ax", "pack": info.id });
        let words = solve_request(req.to_string().as_bytes()).unwrap()["word_count"].clone();
        assert_eq!(words, 3, "pieces of {size}");
    }
    // Damage anywhere is a one-line error, at the piece or at the end:
    // the deflate stream's, the trailer's checksum, or the rebuild's own.
    for at in [3, 10, gz.len() / 2, gz.len() - 6, gz.len() - 2] {
        let mut bad = gz.clone();
        bad[at] ^= 0x40;
        let e = arrive_in_pieces(&bad, 5).unwrap_err();
        assert!(
            !e.contains('\n') && e.starts_with("pack download"),
            "byte {at}: {e}"
        );
    }
    // Cut short, by its trailer or by more.
    for cut in [1, 8, gz.len() / 2, gz.len() - 1] {
        let e = arrive_in_pieces(&gz[..gz.len() - cut], 4).unwrap_err();
        assert!(
            !e.contains('\n') && e.starts_with("pack download"),
            "cut {cut}: {e}"
        );
    }
    // One byte, gzip's or not: too short to say which, and to be a pack.
    for one in [[0x1f], [b'B']] {
        let e = arrive_in_pieces(&one, 1).unwrap_err();
        assert!(e.contains("compact pack"), "{e}");
    }
}

#[test]
fn buffers_come_back_as_allocated() {
    for request in [&b""[..], b"{}", &[b'x'; 4096][..]] {
        let ptr = alloc(request.len());
        unsafe {
            std::ptr::copy_nonoverlapping(request.as_ptr(), ptr, request.len());
            assert_eq!(std::slice::from_raw_parts(ptr, request.len()), request);
            dealloc(ptr, request.len());
        }
    }
    for answer in [json!({ "error": "x" }), json!({ "words": vec![1; 1000] })] {
        let (ptr, len) = answer_buffer(answer.to_string().as_bytes());
        unsafe {
            let back: Value = serde_json::from_slice(std::slice::from_raw_parts(ptr, len)).unwrap();
            assert_eq!(back, answer);
            dealloc(ptr, len);
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(1000))]

    /// A crafted pack (a real one with bytes changed, its checksums
    /// made right again so that the damage reaches the automaton and
    /// the metadata) never panics: wasm32 has no unwinding, so a panic
    /// would abort the module. Each call answers or errs.
    #[test]
    fn crafted_packs_never_panic(
        edits in proptest::collection::vec((0usize..4096, proptest::prelude::any::<u8>()), 1..3),
        board in "[a-z./ \\[\\]]{0,20}",
    ) {
        let mut bytes = tiny_pack();
        for (at, b) in edits {
            let at = at % bytes.len();
            bytes[at] = b;
        }
        prep::pack::reseal(&mut bytes);
        if let Ok(info) = load_pack_bytes(&bytes) {
            let id = info["id"].as_str().unwrap().to_string();
            let _ = solve_request(json!({ "board": board, "pack": id }).to_string().as_bytes());
            let _ = solve_request(json!({ "board": "te/ax", "pack": id, "scoring": "ruzzle" }).to_string().as_bytes());
            let _ = contains_request(json!({ "pack": id, "word": board }).to_string().as_bytes());
            let _ = roll_request(json!({ "pack": id, "seed": 1, "size": "3x3" }).to_string().as_bytes());
        }
    }

    /// Any request text, for every call, answers or errs.
    #[test]
    fn any_request_never_panics(text in ".{0,200}") {
        let _ = round_request(text.as_bytes());
        let _ = spell_request(text.as_bytes());
        let _ = solve_request(text.as_bytes());
        let _ = contains_request(text.as_bytes());
        let _ = roll_request(text.as_bytes());
        let _ = load_pack_bytes(text.as_bytes());
    }
}

#[test]
fn every_json_call_of_the_table_answers_by_name() {
    let mut names: Vec<&str> = crate::CALLS.iter().map(|c| c.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), crate::CALLS.len(), "a call twice");
    for call in crate::CALLS {
        let answer = crate::answer(call.name, b"{}");
        match call.name {
            // Byte calls, and the streams that go with them, are the worker's alone.
            "load_pack" | "pack_begin" | "pack_push" | "pack_end" => {
                assert!(answer.unwrap_err().contains("no call"))
            }
            // Asked with nothing, a JSON call says what is missing, by name.
            _ => assert!(
                !answer.as_ref().err().is_some_and(|e| e.contains("no call")),
                "{}: {answer:?}",
                call.name
            ),
        }
    }
}
