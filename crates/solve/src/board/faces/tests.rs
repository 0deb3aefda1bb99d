use super::*;
use crate::board::TextStyle;

fn en() -> FaceRules {
    FaceRules::from_recipe(&Recipe::builtin("enable").unwrap()).unwrap()
}

fn nl() -> FaceRules {
    FaceRules::from_recipe(&Recipe::builtin("opentaal").unwrap()).unwrap()
}

#[test]
fn row_separators_and_square_runs_agree() {
    let a = en().parse("oatr ihps htnr enei").unwrap();
    let b = en().parse("oatrihpshtnrenei").unwrap();
    let c = en().parse("OATR/IHPS/HTNR/ENEI").unwrap();
    let d = en().parse("oatr,ihps\nhtnr\r\nenei\n").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!(a, d);
    assert_eq!((a.rows(), a.cols()), (4, 4));
    assert_eq!(a.face(5), Some("h"));
}

#[test]
fn q_reads_as_the_pack_says() {
    let b = en().parse("qa bc").unwrap();
    assert_eq!(b.face(0), Some("qu"));
    let b = en().parse("[q]a bc").unwrap();
    assert_eq!(b.face(0), Some("q"));
    let b = nl().parse("qa bc").unwrap();
    assert_eq!(b.face(0), Some("q"));
    let b = nl().with_qu(Some(true)).parse("qa bc").unwrap();
    assert_eq!(b.face(0), Some("qu"));
    let b = en().with_qu(Some(false)).parse("qa bc").unwrap();
    assert_eq!(b.face(0), Some("q"));
}

#[test]
fn multi_letter_and_blank_faces() {
    let b = en().parse("[Th]a. [IN]bc d[.]e").unwrap();
    assert_eq!(b.cells()[0], Some("th"));
    assert_eq!(b.cells()[2], None);
    assert_eq!(b.cells()[3], Some("in"));
    assert_eq!(b.cells()[7], None);
    assert_eq!(en().parse(&en().text(&b, TextStyle::Rows)).unwrap(), b);
}

#[test]
fn errors_point_at_the_cell() {
    let e = en().parse("abc de").unwrap_err();
    assert!(
        matches!(
            e,
            BoardError::Ragged {
                row: 2,
                len: 2,
                expected: 3
            }
        ),
        "{e}"
    );
    let e = en().parse("abc d1f").unwrap_err();
    assert!(matches!(e, BoardError::Cell { row: 2, col: 2, .. }), "{e}");
    let e = en().parse("abcdé").unwrap_err();
    assert!(e.to_string().contains("row 1, column 5"), "{e}");
    assert!(matches!(en().parse("  / ").unwrap_err(), BoardError::Empty));
    // A run that is not a square is refused, with its likeliest rows.
    let e = en().parse("abcdef").unwrap_err();
    assert!(
        matches!(
            &e,
            BoardError::NotSquare { cells: 6, rows, size } if rows == "abc/def"
                && (size.rows, size.cols) == (2, 3)
        ),
        "{e}"
    );
    assert!(matches!(
        en().parse("abcde/").unwrap_err(),
        BoardError::NotSquare { cells: 5, .. }
    ));
    assert!(matches!(
        en().parse("[ab").unwrap_err(),
        BoardError::Cell { .. }
    ));
}

#[test]
fn newcomer_boards_read_as_typed() {
    // Single letters separated by spaces are one run: here a square.
    let spaced = en().parse("o a t r i h p s h t n r e n e i").unwrap();
    assert_eq!(spaced, en().parse("oatrihpshtnrenei").unwrap());
    assert!(matches!(
        en().parse("a b c").unwrap_err(),
        BoardError::NotSquare { cells: 3, .. }
    ));
    // Typed `qu` is the one Qu cell where a q reads qu, when only that
    // reading gives a square or rows of one length; `[q]u` is two.
    let b = en().parse("quaietsrnolpedbmc").unwrap();
    assert_eq!((b.rows(), b.cols()), (4, 4));
    assert_eq!((b.face(0), b.face(1)), (Some("qu"), Some("a")));
    let b = en().parse("QUICK").unwrap();
    assert_eq!(b.cells(), [Some("qu"), Some("i"), Some("c"), Some("k")]);
    let b = en().parse("quaie tsrn olpe dbmc").unwrap();
    assert_eq!((b.rows(), b.cols()), (4, 4));
    // A square run keeps a q next to a u as two cells (data files
    // write the Qu face as q).
    let b = en().parse("qutr ihps htnr enei").unwrap();
    assert_eq!((b.face(0), b.face(1)), (Some("qu"), Some("u")));
    let b = en().parse("qutrihpshtnrenei").unwrap();
    assert_eq!((b.face(0), b.face(1)), (Some("qu"), Some("u")));
    let b = en().parse("[q]u ab").unwrap();
    assert_eq!(b.cells(), [Some("q"), Some("u"), Some("a"), Some("b")]);
    let b = en().parse("[q][u] ab").unwrap();
    assert_eq!(b.cells(), [Some("q"), Some("u"), Some("a"), Some("b")]);
    // With no q alias, typed qu is two cells.
    let size = Some(Size { rows: 1, cols: 5 });
    assert_eq!(nl().parse_sized("quick", size).unwrap().len(), 5);
    // Empty and over-long faces are errors naming the cell.
    let e = en().parse("ab [] cd").unwrap_err();
    assert!(matches!(e, BoardError::Cell { row: 2, col: 1, .. }), "{e}");
    let e = en()
        .parse(&format!("ab [{}]c", "x".repeat(120)))
        .unwrap_err();
    assert!(matches!(e, BoardError::Cell { row: 2, col: 1, .. }), "{e}");
    assert!(e.to_string().contains("at most 8"), "{e}");
    // A byte-order mark is not a cell.
    assert_eq!(
        en().parse("\u{feff}ab cd").unwrap(),
        en().parse("ab cd").unwrap()
    );
}

#[test]
fn a_size_shapes_a_run() {
    let size = |rows, cols| Some(Size { rows, cols });
    // Published 3x4 boards are 12-letter runs.
    let b = en().parse_sized("perslatesind", size(3, 4)).unwrap();
    assert_eq!((b.rows(), b.cols()), (3, 4));
    assert_eq!(en().text(&b, TextStyle::Rows), "pers/late/sind");
    assert_eq!(b, en().parse("pers/late/sind").unwrap());
    let b = en().parse_sized("perslatesind", size(4, 3)).unwrap();
    assert_eq!(en().text(&b, TextStyle::Rows), "per/sla/tes/ind");
    // Rows as typed must have the size; so must the run.
    let e = en().parse_sized("pers/late/sind", size(4, 3)).unwrap_err();
    assert_eq!(e.to_string(), "the board is 3 rows of 4, not 4x3");
    assert!(en().parse_sized("pers/late/sind", size(3, 4)).is_ok());
    let e = en().parse_sized("perslatesin", size(3, 4)).unwrap_err();
    assert_eq!(e.to_string(), "the board is 11 cells, not 3x4");
    // A square run with a size of its own shape reads as before; a
    // typed `qu` is one cell when only that fits the size.
    assert_eq!(
        en().parse_sized("oatrihpshtnrenei", size(4, 4)).unwrap(),
        en().parse("oatrihpshtnrenei").unwrap()
    );
    let b = en().parse_sized("quickly", size(2, 3)).unwrap();
    assert_eq!(b.face(0), Some("qu"));
    // Faces and blanks in brackets take the general path alike.
    let b = en().parse_sized("[th]a.bcd", size(2, 3)).unwrap();
    assert_eq!(en().text(&b, TextStyle::Rows), "[th]a./bcd");
    // The likeliest shape of a run: nearest a square, rows first.
    assert_eq!(likely_shape(12), Size { rows: 3, cols: 4 });
    assert_eq!(likely_shape(7), Size { rows: 1, cols: 7 });
    assert_eq!(likely_shape(20), Size { rows: 4, cols: 5 });
}

#[test]
fn display_is_a_grid() {
    let b = en().parse("qa .b").unwrap();
    assert_eq!(b.to_string(), "Qu A\n·  B\n");
}
