//! Hunspell dictionaries: a `.dic` of stems with affix flags and an `.aff`
//! of affix rules, expanded into the word forms they stand for (what
//! hunspell's `unmunch` does), so a language Debian ships only as a
//! spell-checking dictionary (Russian, Greek, Czech…) becomes a word list.
//!
//! The model: each `.dic` line is a stem and its flags (`кот/ABC`). A flag
//! names a class of prefixes (`PFX`) or suffixes (`SFX`) in the `.aff`;
//! each rule of a class strips letters from one end of the stem and adds
//! others, if the stem matches the rule's condition (`[^аеи]й`: a simple
//! character-class pattern on the stem's end, or start for a prefix). A
//! stem yields itself, each suffixed form, each prefixed form and, where
//! both rules allow it (`Y` in the class header), each form with both. A
//! suffix may carry flags of its own (`ий/X`), allowing a second suffix
//! after it (hunspell's two-fold suffixes).
//!
//! Read as hunspell reads them: `SET` (the files' encoding: UTF-8, the
//! ISO 8859 family, KOI8-R/U, cp1251…), `FLAG` (`char`, `long`, `num`,
//! `UTF-8`), `AF` flag aliases, `IGNORE`, `FULLSTRIP`, and the flags that
//! withhold forms: `NEEDAFFIX` (the bare stem is not a word),
//! `FORBIDDENWORD` and `ONLYINCOMPOUND` (no form of the entry is a word on
//! its own), `CIRCUMFIX` (a rule that counts only with a prefix and a
//! suffix both carrying it). Compounding is not expanded (it is open
//! ended); neither does `unmunch`.

use std::collections::HashMap;

use encoding_rs::Encoding;

use crate::error::HunspellError;

/// A flag: one character, two (`FLAG long`), or a number (`FLAG num`).
type Flag = u64;

/// How flags are written (`FLAG`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FlagType {
    /// One character a flag (the default).
    Char,
    /// Two characters a flag.
    Long,
    /// Decimal numbers separated by commas.
    Num,
}

/// One element of a rule's condition.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cond {
    /// `.`: any letter.
    Any,
    /// A letter.
    Char(char),
    /// `[abc]`, or `[^abc]` when negated.
    Set(bool, Vec<char>),
}

impl Cond {
    fn matches(&self, c: char) -> bool {
        match self {
            Cond::Any => true,
            Cond::Char(x) => *x == c,
            Cond::Set(negated, set) => set.contains(&c) != *negated,
        }
    }
}

/// One affix rule.
#[derive(Clone, Debug)]
struct Rule {
    strip: String,
    add: String,
    cond: Vec<Cond>,
    /// Flags the affixed form carries (two-fold affixes, `NEEDAFFIX`,
    /// `CIRCUMFIX`).
    flags: Vec<Flag>,
    /// Whether it combines with an affix at the other end.
    cross: bool,
}

/// A dictionary's stems sorted by [`Hunspell::split_names`].
#[derive(Debug)]
pub struct NamesSplit {
    /// The name stems, with the dictionary's affix rules.
    pub names: Hunspell,
    /// The abbreviations, without their final dot.
    pub abbreviations: Vec<String>,
    /// Every other stem, as written.
    pub rest: Vec<String>,
}

/// A parsed and ready dictionary.
#[derive(Debug)]
pub struct Hunspell {
    prefixes: HashMap<Flag, Vec<Rule>>,
    suffixes: HashMap<Flag, Vec<Rule>>,
    need_affix: Option<Flag>,
    forbidden: Option<Flag>,
    only_in_compound: Option<Flag>,
    circumfix: Option<Flag>,
    full_strip: bool,
    /// How the `.aff` writes flags.
    flag_type: FlagType,
    /// Stems and their flags.
    stems: Vec<(String, Vec<Flag>)>,
}

/// The `.aff` directives that matter for expansion, read line by line.
struct Aff {
    flag_type: FlagType,
    aliases: Vec<Vec<Flag>>,
    ignore: Vec<char>,
}

impl Hunspell {
    /// Parses a dictionary from the bytes of its `.aff` and `.dic` files;
    /// `aff_name` and `dic_name` name them in errors.
    pub fn parse(
        aff: &[u8],
        dic: &[u8],
        aff_name: &str,
        dic_name: &str,
    ) -> Result<Hunspell, HunspellError> {
        let encoding = encoding_of(aff, aff_name)?;
        let aff_text = decode(aff, encoding, aff_name)?;
        let dic_text = decode(dic, encoding, dic_name)?;
        let mut h = Hunspell {
            prefixes: HashMap::new(),
            suffixes: HashMap::new(),
            need_affix: None,
            forbidden: None,
            only_in_compound: None,
            circumfix: None,
            full_strip: false,
            flag_type: FlagType::Char,
            stems: Vec::new(),
        };
        let mut a = Aff {
            flag_type: FlagType::Char,
            aliases: Vec::new(),
            ignore: Vec::new(),
        };
        let syntax = |line: usize, message: String| HunspellError::Syntax {
            file: aff_name.to_string(),
            line,
            message,
        };
        // First pass: the directives that say how to read the rest.
        for (i, line) in aff_text.lines().enumerate() {
            let f: Vec<&str> = line.split_whitespace().collect();
            match f.as_slice() {
                ["FLAG", kind, ..] => {
                    a.flag_type = match *kind {
                        "long" => FlagType::Long,
                        "num" => FlagType::Num,
                        // UTF-8 flags are characters, as are 8-bit ones
                        // once the file is decoded.
                        "UTF-8" | "char" => FlagType::Char,
                        other => return Err(syntax(i + 1, format!("unknown FLAG type {other:?}"))),
                    }
                }
                ["IGNORE", chars, ..] => a.ignore = chars.chars().collect(),
                _ => {}
            }
        }
        let mut lines = aff_text.lines().enumerate().peekable();
        while let Some((i, line)) = lines.next() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let flag = |a: &Aff, s: &str| a.flag(s).map_err(|m| syntax(i + 1, m));
            match f.as_slice() {
                ["AF", n, ..] if n.parse::<usize>().is_ok() && a.aliases.is_empty() => {
                    let n: usize = n.parse().unwrap_or(0);
                    for _ in 0..n {
                        let Some((j, alias)) = lines.next() else {
                            return Err(syntax(i + 1, format!("AF promises {n} lines")));
                        };
                        let g: Vec<&str> = alias.split_whitespace().collect();
                        let flags = match g.as_slice() {
                            ["AF", flags, ..] => a.flags_raw(flags),
                            ["AF"] => Ok(Vec::new()),
                            _ => Err("expected an AF line".to_string()),
                        }
                        .map_err(|m| syntax(j + 1, m))?;
                        a.aliases.push(flags);
                    }
                }
                ["NEEDAFFIX" | "PSEUDOROOT", x, ..] => h.need_affix = Some(flag(&a, x)?),
                ["FORBIDDENWORD", x, ..] => h.forbidden = Some(flag(&a, x)?),
                ["ONLYINCOMPOUND", x, ..] => h.only_in_compound = Some(flag(&a, x)?),
                ["CIRCUMFIX", x, ..] => h.circumfix = Some(flag(&a, x)?),
                ["FULLSTRIP", ..] => h.full_strip = true,
                [kind @ ("PFX" | "SFX"), name, cross, count, ..]
                    if count.parse::<usize>().is_ok() =>
                {
                    let name = flag(&a, name)?;
                    let cross = *cross == "Y";
                    let count: usize = count.parse().unwrap_or(0);
                    let mut rules = Vec::with_capacity(count);
                    for _ in 0..count {
                        let Some((j, rule)) = lines.next() else {
                            return Err(syntax(i + 1, format!("{kind} promises {count} rules")));
                        };
                        let g: Vec<&str> = rule.split_whitespace().collect();
                        let (strip, add) = match g.as_slice() {
                            [k, _, strip, add, ..] if k == kind => (*strip, *add),
                            _ => {
                                return Err(syntax(
                                    j + 1,
                                    format!(
                                        "expected a {kind} rule: {kind} flag strip add [condition]"
                                    ),
                                ))
                            }
                        };
                        let cond = g.get(4).copied().unwrap_or(".");
                        let (add, flags) = match add.split_once('/') {
                            Some((add, flags)) => {
                                (add, a.flags(flags).map_err(|m| syntax(j + 1, m))?)
                            }
                            None => (add, Vec::new()),
                        };
                        let clean = |s: &str| -> String {
                            if s == "0" {
                                String::new()
                            } else {
                                s.chars().filter(|c| !a.ignore.contains(c)).collect()
                            }
                        };
                        let cond = if cond.starts_with('#') {
                            Vec::new()
                        } else {
                            condition(cond).map_err(|m| syntax(j + 1, m))?
                        };
                        rules.push(Rule {
                            strip: clean(strip),
                            add: clean(add),
                            cond,
                            flags,
                            cross,
                        });
                    }
                    let table = if *kind == "PFX" {
                        &mut h.prefixes
                    } else {
                        &mut h.suffixes
                    };
                    table.entry(name).or_default().extend(rules);
                }
                _ => {}
            }
        }
        for (i, line) in dic_text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            // The first line is the (approximate) number of stems.
            if i == 0 && line.trim().parse::<u64>().is_ok() {
                continue;
            }
            if line.starts_with('\t') || line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let (word, flags) = split_entry(line);
            let flags = a.flags(flags).map_err(|message| HunspellError::Syntax {
                file: dic_name.to_string(),
                line: i + 1,
                message,
            })?;
            let word: String = word
                .replace("\\/", "/")
                .chars()
                .filter(|c| !a.ignore.contains(c))
                .collect();
            h.stems.push((word, flags));
        }
        h.flag_type = a.flag_type;
        Ok(h)
    }

    /// Number of stems in the `.dic`.
    pub fn stems(&self) -> usize {
        self.stems.len()
    }

    /// Sorts the stems for [`crate::verdict`]: the capitalised ones (a
    /// capital first and no other) that take no flag but those in `flags`
    /// (written as the `.aff`'s `FLAG` writes them), as a dictionary of
    /// their own with the same affix rules; the abbreviations (stems
    /// written with a final dot, `ggf.`), without their dot; and every
    /// other stem as written. In igerman98 such capitalised stems are
    /// names: nouns take their plural and compounding flags, a name only
    /// the genitive `S`.
    pub fn split_names(self, flags: &str) -> Result<NamesSplit, HunspellError> {
        let reader = Aff {
            flag_type: self.flag_type,
            aliases: Vec::new(),
            ignore: Vec::new(),
        };
        let allowed = reader
            .flags_raw(flags)
            .map_err(|message| HunspellError::Flags {
                flags: flags.to_string(),
                message,
            })?;
        let (mut picked, mut abbreviations, mut rest) = (Vec::new(), Vec::new(), Vec::new());
        for (stem, stem_flags) in self.stems {
            let mut chars = stem.chars();
            let capitalised =
                chars.next().is_some_and(char::is_uppercase) && !chars.any(char::is_uppercase);
            if let Some(short) = stem.strip_suffix('.') {
                abbreviations.push(short.to_string());
            } else if capitalised && stem_flags.iter().all(|f| allowed.contains(f)) {
                picked.push((stem, stem_flags));
            } else {
                rest.push(stem);
            }
        }
        let names = Hunspell {
            stems: picked,
            ..self
        };
        Ok(NamesSplit {
            names,
            abbreviations,
            rest,
        })
    }

    /// Calls `out` with every word form, stem by stem (a form may come
    /// more than once).
    pub fn expand(&self, out: &mut dyn FnMut(&str)) {
        let mut buf = String::new();
        let mut twice = String::new();
        for (stem, flags) in &self.stems {
            let has = |f: Option<Flag>| f.is_some_and(|f| flags.contains(&f));
            if has(self.forbidden) || has(self.only_in_compound) {
                continue;
            }
            if !has(self.need_affix) {
                out(stem);
            }
            for flag in flags {
                for s in self.suffixes.get(flag).into_iter().flatten() {
                    if !self.suffix(stem, s, &mut buf) {
                        continue;
                    }
                    let circ = self.carries(s, self.circumfix);
                    if !circ && !self.carries(s, self.need_affix) {
                        out(&buf);
                    }
                    // A second suffix, from the first one's flags.
                    for f2 in &s.flags {
                        for s2 in self.suffixes.get(f2).into_iter().flatten() {
                            if self.suffix(&buf, s2, &mut twice)
                                && !circ
                                && !self.carries(s2, self.circumfix)
                            {
                                out(&twice);
                            }
                        }
                    }
                    if !s.cross {
                        continue;
                    }
                    // A prefix too, named by the stem or by the suffix.
                    for pflag in flags.iter().chain(&s.flags) {
                        for p in self.prefixes.get(pflag).into_iter().flatten() {
                            if p.cross
                                && circ == self.carries(p, self.circumfix)
                                && self.prefix(&buf, p, &mut twice)
                            {
                                out(&twice);
                            }
                        }
                    }
                }
                for p in self.prefixes.get(flag).into_iter().flatten() {
                    if self.prefix(stem, p, &mut buf)
                        && !self.carries(p, self.circumfix)
                        && !self.carries(p, self.need_affix)
                    {
                        out(&buf);
                    }
                }
            }
        }
    }

    /// Every word form, one a line, as UTF-8.
    pub fn word_list(&self) -> Vec<u8> {
        let mut list = Vec::new();
        self.expand(&mut |w| {
            list.extend_from_slice(w.as_bytes());
            list.push(b'\n');
        });
        list
    }

    fn carries(&self, rule: &Rule, flag: Option<Flag>) -> bool {
        flag.is_some_and(|f| rule.flags.contains(&f))
    }

    /// Applies a suffix rule to `word` into `out`, if it applies.
    fn suffix(&self, word: &str, rule: &Rule, out: &mut String) -> bool {
        let Some(kept) = word.strip_suffix(rule.strip.as_str()) else {
            return false;
        };
        if kept.is_empty() && !self.full_strip {
            return false;
        }
        let mut chars = word.chars().rev();
        if !rule
            .cond
            .iter()
            .rev()
            .all(|c| chars.next().is_some_and(|x| c.matches(x)))
        {
            return false;
        }
        out.clear();
        out.push_str(kept);
        out.push_str(&rule.add);
        true
    }

    /// Applies a prefix rule to `word` into `out`, if it applies.
    fn prefix(&self, word: &str, rule: &Rule, out: &mut String) -> bool {
        let Some(kept) = word.strip_prefix(rule.strip.as_str()) else {
            return false;
        };
        if kept.is_empty() && !self.full_strip {
            return false;
        }
        let mut chars = word.chars();
        if !rule
            .cond
            .iter()
            .all(|c| chars.next().is_some_and(|x| c.matches(x)))
        {
            return false;
        }
        out.clear();
        out.push_str(&rule.add);
        out.push_str(kept);
        true
    }
}

impl Aff {
    /// One flag.
    fn flag(&self, s: &str) -> Result<Flag, String> {
        let flags = self.flags_raw(s)?;
        match flags.as_slice() {
            [f] => Ok(*f),
            _ => Err(format!("{s:?} is not one flag")),
        }
    }

    /// A run of flags as written, or an `AF` alias's number.
    fn flags(&self, s: &str) -> Result<Vec<Flag>, String> {
        if !self.aliases.is_empty() && !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            let n: usize = s.parse().map_err(|_| format!("bad flag alias {s:?}"))?;
            return n
                .checked_sub(1)
                .and_then(|k| self.aliases.get(k))
                .cloned()
                .ok_or_else(|| {
                    format!(
                        "flag alias {n} is not defined (AF has {})",
                        self.aliases.len()
                    )
                });
        }
        self.flags_raw(s)
    }

    /// A run of flags as written, never an alias.
    fn flags_raw(&self, s: &str) -> Result<Vec<Flag>, String> {
        match self.flag_type {
            FlagType::Char => Ok(s.chars().map(Flag::from).collect()),
            FlagType::Long => {
                let chars: Vec<char> = s.chars().collect();
                if chars.len() % 2 != 0 {
                    return Err(format!("{s:?}: long flags come in pairs of characters"));
                }
                Ok(chars
                    .chunks(2)
                    .map(|p| Flag::from(p[0]) << 32 | Flag::from(p[1]))
                    .collect())
            }
            FlagType::Num => s
                .split(',')
                .filter(|n| !n.is_empty())
                .map(|n| {
                    n.trim()
                        .parse::<u32>()
                        .map(Flag::from)
                        .map_err(|_| format!("{n:?} is not a numeric flag"))
                })
                .collect(),
        }
    }
}

/// Splits a `.dic` line into the stem and its flags (after an unescaped
/// `/`), dropping morphological fields (after white space).
fn split_entry(line: &str) -> (&str, &str) {
    let entry = line.split(['\t', ' ']).next().unwrap_or("");
    let bytes = entry.as_bytes();
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k] == b'/' && k > 0 && bytes[k - 1] != b'\\' {
            return (&entry[..k], &entry[k + 1..]);
        }
        k += 1;
    }
    (entry, "")
}

/// Parses a condition: letters, `.`, and `[…]` / `[^…]` classes.
fn condition(text: &str) -> Result<Vec<Cond>, String> {
    if text == "." {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '.' => out.push(Cond::Any),
            '[' => {
                let mut set = Vec::new();
                let mut negated = false;
                let mut closed = false;
                let mut first = true;
                for c in chars.by_ref() {
                    match c {
                        ']' => {
                            closed = true;
                            break;
                        }
                        '^' if first => negated = true,
                        c => set.push(c),
                    }
                    first = false;
                }
                if !closed {
                    return Err(format!("condition {text:?}: a '[' is never closed"));
                }
                out.push(Cond::Set(negated, set));
            }
            c => out.push(Cond::Char(c)),
        }
    }
    Ok(out)
}

/// The encoding the `.aff` names with `SET`; without one, ISO 8859-1
/// (read as its superset windows-1252), as hunspell assumes.
fn encoding_of(aff: &[u8], name: &str) -> Result<&'static Encoding, HunspellError> {
    let body = aff.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(aff);
    for line in body.split(|&b| b == b'\n') {
        let line = String::from_utf8_lossy(line);
        let mut f = line.split_whitespace();
        if f.next() == Some("SET") {
            let label = f.next().unwrap_or("");
            let known = match label.to_ascii_lowercase().as_str() {
                "microsoft-cp1251" => Some(encoding_rs::WINDOWS_1251),
                "tis620-2533" => Some(encoding_rs::WINDOWS_874),
                // The WHATWG labels cover the rest (`iso8859-7`, `koi8-r`…).
                other => Encoding::for_label(other.as_bytes()),
            };
            return known.ok_or_else(|| HunspellError::Encoding {
                file: name.to_string(),
                encoding: label.to_string(),
            });
        }
    }
    Ok(encoding_rs::WINDOWS_1252)
}

/// Decodes a file; a UTF-8 file that is not UTF-8 is an error naming the
/// line.
fn decode(bytes: &[u8], encoding: &'static Encoding, name: &str) -> Result<String, HunspellError> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if encoding == encoding_rs::UTF_8 {
        return match std::str::from_utf8(body) {
            Ok(text) => Ok(text.to_string()),
            Err(e) => {
                let at = e.valid_up_to();
                let line = body[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                Err(HunspellError::InvalidUtf8 {
                    file: name.to_string(),
                    line,
                })
            }
        };
    }
    let (text, _) = encoding.decode_without_bom_handling(body);
    Ok(text.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms(aff: &str, dic: &str) -> Vec<String> {
        let h = Hunspell::parse(aff.as_bytes(), dic.as_bytes(), "t.aff", "t.dic").unwrap();
        let mut out = Vec::new();
        h.expand(&mut |w| out.push(w.to_string()));
        out.sort();
        out.dedup();
        out
    }

    const EN: &str = "SET UTF-8\n\
        PFX U Y 1\n\
        PFX U 0 un .\n\
        SFX S Y 3\n\
        SFX S y ies [^aeiou]y\n\
        SFX S 0 s [aeiou]y\n\
        SFX S 0 s [^y]\n\
        SFX D N 1\n\
        SFX D 0 ed .\n";

    #[test]
    fn suffixes_prefixes_and_cross_products() {
        assert_eq!(
            forms(EN, "3\nfly/S\nboy/S\nlock/UDS\n"),
            ["boy", "boys", "flies", "fly", "lock", "locked", "locks", "unlock", "unlocks",]
        );
    }

    #[test]
    fn flag_types_and_aliases() {
        let aff = "FLAG long\nSFX Aa Y 1\nSFX Aa 0 s .\nPFX Bb Y 1\nPFX Bb 0 re .\n";
        assert_eq!(forms(aff, "1\ndo/AaBb\n"), ["do", "dos", "redo", "redos"]);
        let aff = "FLAG num\nSFX 101 Y 1\nSFX 101 0 s .\n";
        assert_eq!(forms(aff, "1\ncat/101\n"), ["cat", "cats"]);
        let aff = "AF 1\nAF S\nSFX S Y 1\nSFX S 0 s .\n";
        assert_eq!(forms(aff, "1\ndog/1\n"), ["dog", "dogs"]);
    }

    #[test]
    fn withholding_flags() {
        let aff = "NEEDAFFIX X\nFORBIDDENWORD F\nONLYINCOMPOUND C\nSFX S Y 1\nSFX S 0 s .\n";
        assert_eq!(
            forms(aff, "3\nfoo/XS\nbar/FS\nbaz/CS\nqux\n"),
            ["foos", "qux"]
        );
        // A circumfix counts only with a prefix and a suffix both carrying it.
        let aff = "CIRCUMFIX Z\nPFX P Y 1\nPFX P 0 leg/Z .\nSFX Q Y 1\nSFX Q 0 bb/Z .\n";
        assert_eq!(forms(aff, "1\nnagy/PQ\n"), ["legnagybb", "nagy"]);
    }

    #[test]
    fn twofold_suffixes() {
        let aff = "SFX A Y 1\nSFX A 0 ness/B .\nSFX B Y 1\nSFX B 0 es .\n";
        assert_eq!(
            forms(aff, "1\nkind/A\n"),
            ["kind", "kindness", "kindnesses"]
        );
    }

    #[test]
    fn eight_bit_files_are_decoded() {
        // ISO 8859-7: "αβ" and the suffix "ς".
        let aff = b"SET ISO8859-7\nSFX A Y 1\nSFX A 0 \xf2 .\n";
        let dic = b"1\n\xe1\xe2/A\n";
        let h = Hunspell::parse(aff, dic, "el.aff", "el.dic").unwrap();
        assert_eq!(String::from_utf8(h.word_list()).unwrap(), "αβ\nαβς\n");
    }

    #[test]
    fn errors_name_the_file_and_line() {
        let e = Hunspell::parse(b"SFX A Y 2\nSFX A 0 s .\n", b"", "x.aff", "x.dic").unwrap_err();
        assert_eq!(e.to_string(), "x.aff:1: SFX promises 2 rules");
        let e = Hunspell::parse(b"SET UTF-8\n", b"1\nok\nb\xffd\n", "x.aff", "x.dic").unwrap_err();
        assert_eq!(e.to_string(), "x.dic:3: not valid UTF-8");
        let e = Hunspell::parse(b"SET KLINGON\n", b"", "x.aff", "x.dic").unwrap_err();
        assert!(e.to_string().contains("KLINGON"), "{e}");
        let e = Hunspell::parse(b"SFX A Y 1\nSFX A 0 s [ab\n", b"", "x.aff", "x.dic").unwrap_err();
        assert!(e.to_string().starts_with("x.aff:2: "), "{e}");
    }
}
